import { ConflictError, ForbiddenError, NotFoundError } from '@credit/events';
import type { Decider, DomainEvent } from '../commandHandling';
import { evolveAdmin, initialAdmin, type Admin } from './admin';

export type AdminCommand =
  | { type: 'CreateAdmin'; adminId: number; name: string; email: string; passwordHash: string }
  | { type: 'ChangeAdminDetails'; name?: string; email?: string; profilePhoto?: string | null }
  | { type: 'ChangeAdminPassword'; passwordHash: string; via: 'reset' | 'profile' }
  /** `activeAdmins` counts the active administrators across all admin streams, read from the log by the handler. */
  | { type: 'DeactivateAdmin'; requestedBy: number; activeAdmins: number };

export function decideAdmin(command: AdminCommand, state: Admin): DomainEvent[] {
  if (command.type === 'CreateAdmin') {
    if (state.status !== 'none') throw new ConflictError('This administrator already exists');
    const { adminId, name, email, passwordHash } = command;
    return [{ type: 'AdminCreated', data: { adminId, name, email, passwordHash } }];
  }
  if (state.status === 'none') throw new NotFoundError('Administrator not found');
  switch (command.type) {
    case 'ChangeAdminDetails': {
      const data: Record<string, unknown> = { adminId: state.id };
      if (command.name !== undefined && command.name !== state.name) data.name = command.name;
      if (command.email !== undefined && command.email !== state.email) data.email = command.email;
      if (command.profilePhoto !== undefined && command.profilePhoto !== state.profilePhoto) data.profilePhoto = command.profilePhoto;
      return Object.keys(data).length === 1 ? [] : [{ type: 'AdminDetailsChanged', data }];
    }
    case 'ChangeAdminPassword':
      return [{ type: 'AdminPasswordChanged', data: { adminId: state.id, passwordHash: command.passwordHash, via: command.via } }];
    case 'DeactivateAdmin':
      if (state.status === 'inactive') throw new ConflictError('This administrator is already deactivated');
      if (command.requestedBy === state.id) throw new ForbiddenError('You cannot deactivate your own administrator account');
      if (command.activeAdmins <= 1) throw new ConflictError('The last active administrator cannot be deactivated');
      return [{ type: 'AdminDeactivated', data: { adminId: state.id } }];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const adminDecider: Decider<Admin, AdminCommand> = { initialState: initialAdmin, evolve: evolveAdmin, decide: decideAdmin };
