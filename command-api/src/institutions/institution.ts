import { evolveInstitutionStatus, type IdentityEvent, type InstitutionStatus, type Recorded } from '@credit/events';
import { afterAllSessionsEnd, afterSignOut, type SessionEnds } from '../access/signedOutSessions';

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

export function evolveInstitution(state: Institution, event: Recorded<IdentityEvent>): Institution {
  // The status is the shared fold's (accountStatus.ts); this state adds what the rules need besides.
  const status = evolveInstitutionStatus(state.status, event);
  if (status === 'none') return state;
  if (event.type === 'InstitutionRegistered') {
    const { institutionId, name, email, passwordHash } = event.data;
    return { status, id: institutionId, name, email, passwordHash, logo: null };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'InstitutionDeactivated':
      return { ...state, ...afterAllSessionsEnd(state, event), status };
    case 'InstitutionDetailsChanged':
      return {
        ...state,
        name: event.data.name ?? state.name,
        email: event.data.email ?? state.email,
        logo: event.data.logo === undefined ? state.logo : event.data.logo,
      };
    case 'InstitutionPasswordChanged':
      return { ...state, ...afterAllSessionsEnd(state, event), passwordHash: event.data.passwordHash };
    case 'UserSignedOut':
      return { ...state, ...afterSignOut(state, event) };
    default:
      return status === state.status ? state : { ...state, status };
  }
}
