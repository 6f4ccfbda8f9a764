import type { RecordedEvent } from '@credit/events';
import { afterAllSessionsEnd, afterSignOut, type SessionEnds } from '../access/signedOutSessions';

export type InstitutionStatus = 'pending' | 'approved' | 'rejected' | 'deactivated' | 'closed';

export type Institution =
  | { status: 'none' }
  | ({
      status: InstitutionStatus;
      id: number;
      name: string;
      email: string;
      passwordHash: string;
      logo: string | null;
    } & SessionEnds);

export const institutionStream = (id: number): string => `institution-${id}`;

export const initialInstitution = (): Institution => ({ status: 'none' });

export function evolveInstitution(state: Institution, event: RecordedEvent): Institution {
  const data = event.data as Record<string, unknown>;
  if (event.type === 'InstitutionRegistered') {
    return {
      status: 'pending',
      id: data.institutionId as number,
      name: data.name as string,
      email: data.email as string,
      passwordHash: data.passwordHash as string,
      logo: null,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'InstitutionApproved':
    case 'InstitutionActivated':
      return { ...state, status: 'approved' };
    case 'InstitutionRejected':
      return { ...state, status: 'rejected' };
    case 'InstitutionDeactivated':
      return { ...state, ...afterAllSessionsEnd(state, event), status: 'deactivated' };
    case 'InstitutionClosed':
      return { ...state, status: 'closed' };
    case 'InstitutionDetailsChanged':
      return {
        ...state,
        name: (data.name as string | undefined) ?? state.name,
        email: (data.email as string | undefined) ?? state.email,
        logo: data.logo === undefined ? state.logo : (data.logo as string | null),
      };
    case 'InstitutionPasswordChanged':
      return { ...state, ...afterAllSessionsEnd(state, event), passwordHash: data.passwordHash as string };
    case 'UserSignedOut':
      return { ...state, ...afterSignOut(state, event) };
    default:
      return state;
  }
}
