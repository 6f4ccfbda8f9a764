import { ConflictError, isTeamEvent, NotFoundError, ValidationError, type MemberRole, type TeamEvent } from '@credit/events';
import type { Decider } from '../commandHandling';
import { evolveMember, initialMember, type Member } from './member';

/**
 * A command on a member's stream. Every command of the owner names the owner's institution: a member
 * of another institution is "not found", never changed.
 */
export type MemberCommand =
  | {
      type: 'InviteMember';
      memberId: number;
      institutionId: number;
      email: string;
      name: string;
      role: MemberRole;
      tokenHash: string;
      expiresAt: string;
      language: 'en' | 'fr';
    }
  | { type: 'RenewInvitation'; institutionId: number; tokenHash: string; expiresAt: string }
  | { type: 'CancelInvitation'; institutionId: number }
  | { type: 'AcceptInvitation'; tokenHash: string; passwordHash: string; now: number }
  | { type: 'ChangeMemberRole'; institutionId: number; role: MemberRole }
  | { type: 'SuspendMember'; institutionId: number }
  | { type: 'ReactivateMember'; institutionId: number }
  | { type: 'RemoveMember'; institutionId: number }
  | { type: 'ChangeMemberPassword'; passwordHash: string; via: 'reset' | 'profile' };

export const INVITATION_INVALID = 'This invitation link is not valid';
export const INVITATION_EXPIRED = 'This invitation has expired. Please ask your institution to send it again.';
export const INVITATION_USED = 'This invitation has already been used. Please sign in.';

type Existing = Exclude<Member, { status: 'none' }>;

/** The member, if it belongs to the institution and is still on its team (not removed, nor its invitation cancelled). */
function ofInstitution(state: Member, institutionId: number): Existing {
  if (state.status === 'none' || state.institutionId !== institutionId || state.status === 'removed' || state.status === 'cancelled')
    throw new NotFoundError('Member not found');
  return state;
}

export function decideMember(command: MemberCommand, state: Member): TeamEvent[] {
  switch (command.type) {
    case 'InviteMember': {
      if (state.status !== 'none') throw new ConflictError('This member is already invited');
      const { type: _type, ...data } = command;
      return [{ type: 'MemberInvited', data }];
    }
    case 'RenewInvitation': {
      const member = ofInstitution(state, command.institutionId);
      if (member.status !== 'invited') throw new ConflictError('This member has already joined');
      const { tokenHash, expiresAt } = command;
      return [
        { type: 'MemberInvitationRenewed', data: { memberId: member.id, institutionId: member.institutionId, tokenHash, expiresAt } },
      ];
    }
    case 'CancelInvitation': {
      const member = ofInstitution(state, command.institutionId);
      if (member.status !== 'invited') throw new ConflictError('This member has already joined: remove them instead');
      return [{ type: 'InvitationCancelled', data: { memberId: member.id, institutionId: member.institutionId } }];
    }
    case 'AcceptInvitation': {
      if (state.status === 'none') throw new ValidationError(INVITATION_INVALID);
      if (state.status !== 'invited') {
        if (state.status === 'active' || state.status === 'suspended') throw new ValidationError(INVITATION_USED);
        throw new ValidationError(INVITATION_INVALID);
      }
      if (!state.invitation || state.invitation.tokenHash !== command.tokenHash) throw new ValidationError(INVITATION_INVALID);
      if (state.invitation.expiresAt <= command.now) throw new ValidationError(INVITATION_EXPIRED);
      return [
        { type: 'MemberJoined', data: { memberId: state.id, institutionId: state.institutionId, passwordHash: command.passwordHash } },
      ];
    }
    case 'ChangeMemberRole': {
      const member = ofInstitution(state, command.institutionId);
      if (member.role === command.role) return [];
      return [{ type: 'MemberRoleChanged', data: { memberId: member.id, institutionId: member.institutionId, role: command.role } }];
    }
    case 'SuspendMember': {
      const member = ofInstitution(state, command.institutionId);
      if (member.status === 'suspended') return [];
      if (member.status !== 'active') throw new ConflictError('Only a member who has joined can be suspended');
      return [{ type: 'MemberSuspended', data: { memberId: member.id, institutionId: member.institutionId } }];
    }
    case 'ReactivateMember': {
      const member = ofInstitution(state, command.institutionId);
      if (member.status === 'active') return [];
      if (member.status !== 'suspended') throw new ConflictError('Only a suspended member can be reactivated');
      return [{ type: 'MemberReactivated', data: { memberId: member.id, institutionId: member.institutionId } }];
    }
    case 'RemoveMember': {
      const member = ofInstitution(state, command.institutionId);
      const data = { memberId: member.id, institutionId: member.institutionId };
      // An invitation not yet accepted is cancelled rather than a member removed.
      return [member.status === 'invited' ? { type: 'InvitationCancelled', data } : { type: 'MemberRemoved', data }];
    }
    case 'ChangeMemberPassword': {
      if (state.status !== 'active') throw new NotFoundError('Member not found');
      const { passwordHash, via } = command;
      return [{ type: 'MemberPasswordChanged', data: { memberId: state.id, institutionId: state.institutionId, passwordHash, via } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const memberDecider: Decider<Member, MemberCommand, TeamEvent> = {
  isEvent: isTeamEvent,
  initialState: initialMember,
  evolve: evolveMember,
  decide: decideMember,
};
