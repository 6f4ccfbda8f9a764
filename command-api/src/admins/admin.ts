import type { RecordedEvent } from '@credit/events';
import { afterAllSessionsEnd, afterSignOut, type SessionEnds } from '../access/signedOutSessions';

export type Admin =
  | { status: 'none' }
  | ({
      status: 'active' | 'inactive';
      id: number;
      name: string;
      email: string;
      passwordHash: string;
      profilePhoto: string | null;
    } & SessionEnds);

export const adminStream = (id: number): string => `admin-${id}`;

export const initialAdmin = (): Admin => ({ status: 'none' });

export function evolveAdmin(state: Admin, event: RecordedEvent): Admin {
  const data = event.data as Record<string, unknown>;
  if (event.type === 'AdminCreated') {
    return {
      status: 'active',
      id: data.adminId as number,
      name: data.name as string,
      email: data.email as string,
      passwordHash: data.passwordHash as string,
      profilePhoto: null,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'AdminDetailsChanged':
      return {
        ...state,
        name: (data.name as string | undefined) ?? state.name,
        email: (data.email as string | undefined) ?? state.email,
        profilePhoto: data.profilePhoto === undefined ? state.profilePhoto : (data.profilePhoto as string | null),
      };
    case 'AdminPasswordChanged':
      return { ...state, ...afterAllSessionsEnd(state, event), passwordHash: data.passwordHash as string };
    case 'UserSignedOut':
      return { ...state, ...afterSignOut(state, event) };
    case 'AdminDeactivated':
      return { ...state, ...afterAllSessionsEnd(state, event), status: 'inactive' };
    default:
      return state;
  }
}
