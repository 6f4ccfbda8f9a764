import { evolveMemberStatus, type MemberRole, type MemberStatus, type Recorded, type TeamEvent } from '@credit/events';
import { afterAllSessionsEnd, afterSignOut, type SessionEnds } from '../access/signedOutSessions';

/** A member of an institution's team as its own stream says it is now. */
export type Member =
  | { status: 'none' }
  | ({
      status: MemberStatus;
      id: number;
      institutionId: number;
      email: string;
      name: string;
      role: MemberRole;
      /** The current invitation link's token hash and expiry (ms); null once joined or cancelled. */
      invitation: { tokenHash: string; expiresAt: number } | null;
      passwordHash: string | null;
    } & SessionEnds);

export const initialMember = (): Member => ({ status: 'none' });

export function evolveMember(state: Member, event: Recorded<TeamEvent>): Member {
  const status = evolveMemberStatus(state.status, event);
  if (event.type === 'MemberInvited') {
    const { memberId, institutionId, email, name, role, tokenHash, expiresAt } = event.data;
    return {
      status: 'invited',
      id: memberId,
      institutionId,
      email,
      name,
      role,
      invitation: { tokenHash, expiresAt: Date.parse(expiresAt) },
      passwordHash: null,
    };
  }
  if (state.status === 'none' || status === 'none') return state;
  switch (event.type) {
    case 'MemberInvitationRenewed':
      return { ...state, invitation: { tokenHash: event.data.tokenHash, expiresAt: Date.parse(event.data.expiresAt) } };
    case 'InvitationCancelled':
      return { ...state, status, invitation: null };
    case 'MemberJoined':
      return { ...state, status, invitation: null, passwordHash: event.data.passwordHash };
    case 'MemberRoleChanged':
      return { ...state, ...afterAllSessionsEnd(state, event), role: event.data.role };
    case 'MemberSuspended':
    case 'MemberRemoved':
      return { ...state, ...afterAllSessionsEnd(state, event), status };
    case 'MemberPasswordChanged':
      return { ...state, ...afterAllSessionsEnd(state, event), passwordHash: event.data.passwordHash };
    case 'MemberSignedOut':
      return {
        ...state,
        ...afterSignOut(state, {
          metadata: event.metadata,
          data: { kind: 'institution', userId: event.data.institutionId, ...event.data },
        }),
      };
    case 'MemberReactivated':
      return { ...state, status };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}
