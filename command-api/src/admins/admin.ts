import { evolveAdminStatus, type AdminRole, type AdminStatus, type IdentityEvent, type Recorded } from '@credit/events';
import { afterAllSessionsEnd, afterSignOut, type SessionEnds } from '../access/signedOutSessions';

export type Admin =
  | { status: 'none' }
  | ({
      status: AdminStatus;
      id: number;
      name: string;
      email: string;
      passwordHash: string;
      profilePhoto: string | null;
      role: AdminRole;
    } & SessionEnds);

export const adminStream = (id: number): string => `admin-${id}`;

export const initialAdmin = (): Admin => ({ status: 'none' });

export function evolveAdmin(state: Admin, event: Recorded<IdentityEvent>): Admin {
  // The status is the shared fold's (accountStatus.ts); this state adds what the rules need besides.
  const status = evolveAdminStatus(state.status, event);
  if (status === 'none') return state;
  if (event.type === 'AdminCreated') {
    const { adminId, name, email, passwordHash, role } = event.data;
    return { status, id: adminId, name, email, passwordHash, profilePhoto: null, role };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'AdminDetailsChanged':
      return {
        ...state,
        name: event.data.name ?? state.name,
        email: event.data.email ?? state.email,
        profilePhoto: event.data.profilePhoto === undefined ? state.profilePhoto : event.data.profilePhoto,
      };
    case 'AdminRoleChanged':
      return { ...state, ...afterAllSessionsEnd(state, event), role: event.data.role };
    case 'AdminPasswordChanged':
      return { ...state, ...afterAllSessionsEnd(state, event), passwordHash: event.data.passwordHash };
    case 'UserSignedOut':
      return { ...state, ...afterSignOut(state, event) };
    case 'AdminDeactivated':
      return { ...state, ...afterAllSessionsEnd(state, event), status };
    default:
      return state;
  }
}
