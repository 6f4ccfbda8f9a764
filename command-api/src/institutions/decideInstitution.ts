import {
  ConflictError,
  identityEvents,
  isEventOf,
  NotFoundError,
  type IdentityEvent,
  type InstitutionDetailsChangedData,
} from '@credit/events';
import type { Decider } from '../commandHandling';
import { evolveInstitution, initialInstitution, type Institution } from './institution';

export type InstitutionCommand =
  | { type: 'RegisterInstitution'; institutionId: number; name: string; email: string; passwordHash: string }
  | { type: 'ApproveInstitution' }
  | { type: 'RejectInstitution'; reason: string }
  | { type: 'SetInstitutionActive'; isActive: boolean; comment: string }
  | { type: 'ChangeInstitutionDetails'; name?: string; email?: string; logo?: string | null }
  | { type: 'ChangeInstitutionPassword'; passwordHash: string; via: 'reset' | 'profile' }
  | { type: 'CloseInstitution' };

type Existing = Exclude<Institution, { status: 'none' }>;

function existing(state: Institution): Existing {
  if (state.status === 'none' || state.status === 'closed') throw new NotFoundError('Institution not found');
  return state;
}

export function decideInstitution(command: InstitutionCommand, state: Institution): IdentityEvent[] {
  switch (command.type) {
    case 'RegisterInstitution': {
      if (state.status !== 'none') throw new ConflictError('This institution is already registered');
      const { institutionId, name, email, passwordHash } = command;
      return [{ type: 'InstitutionRegistered', data: { institutionId, name, email, passwordHash } }];
    }
    case 'ApproveInstitution': {
      const institution = existing(state);
      if (institution.status !== 'pending')
        throw new ConflictError(`Only pending institutions can be approved; this one is ${institution.status}`);
      return [{ type: 'InstitutionApproved', data: { institutionId: institution.id } }];
    }
    case 'RejectInstitution': {
      const institution = existing(state);
      if (institution.status !== 'pending')
        throw new ConflictError(`Only pending institutions can be rejected; this one is ${institution.status}`);
      return [{ type: 'InstitutionRejected', data: { institutionId: institution.id, reason: command.reason } }];
    }
    case 'SetInstitutionActive': {
      const institution = existing(state);
      const institutionId = institution.id;
      if (command.isActive) {
        if (institution.status === 'approved') return [];
        if (institution.status === 'pending') return [{ type: 'InstitutionApproved', data: { institutionId } }];
        return [{ type: 'InstitutionActivated', data: { institutionId } }];
      }
      if (institution.status !== 'approved') return [];
      return [{ type: 'InstitutionDeactivated', data: { institutionId, comment: command.comment } }];
    }
    case 'ChangeInstitutionDetails': {
      const institution = existing(state);
      const data: InstitutionDetailsChangedData = { institutionId: institution.id };
      if (command.name !== undefined && command.name !== institution.name) data.name = command.name;
      if (command.email !== undefined && command.email !== institution.email) data.email = command.email;
      if (command.logo !== undefined && command.logo !== institution.logo) data.logo = command.logo;
      return Object.keys(data).length === 1 ? [] : [{ type: 'InstitutionDetailsChanged', data }];
    }
    case 'ChangeInstitutionPassword': {
      const institution = existing(state);
      return [
        {
          type: 'InstitutionPasswordChanged',
          data: { institutionId: institution.id, passwordHash: command.passwordHash, via: command.via },
        },
      ];
    }
    case 'CloseInstitution': {
      const institution = existing(state);
      return [{ type: 'InstitutionClosed', data: { institutionId: institution.id } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const institutionDecider: Decider<Institution, InstitutionCommand, IdentityEvent> = {
  isEvent: isEventOf(identityEvents),
  initialState: initialInstitution,
  evolve: evolveInstitution,
  decide: decideInstitution,
};
