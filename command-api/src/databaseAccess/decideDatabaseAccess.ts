import {
  ConflictError,
  isDatabaseAccessEvent,
  NotFoundError,
  type DatabaseAccessEvent,
  type DatabaseAccessIssuedData,
  type Recorded,
} from '@credit/events';
import type { Decider } from '../commandHandling';

/** One access's stream folded: absent, issued (with its scope), or revoked. */
export type DatabaseAccessState =
  { status: 'absent' } | { status: 'issued' | 'revoked'; scope: 'institution' | 'platform'; institutionId: number | null };

/** Who asks to revoke: the institution that owns the access, or a platform administrator. */
export type Revoker = { kind: 'institution'; institutionId: number } | { kind: 'admin' };

export type DatabaseAccessCommand =
  { type: 'IssueDatabaseAccess'; access: DatabaseAccessIssuedData } | { type: 'RevokeDatabaseAccess'; role: string; by: Revoker };

const NO_SUCH_ACCESS = 'No such database access';

/** Whether `by` may revoke this access: an institution its own accesses only (another's is not found), an administrator any. */
export function revocable(
  state: DatabaseAccessState,
  by: Revoker,
): state is Extract<DatabaseAccessState, { status: 'issued' | 'revoked' }> {
  if (state.status === 'absent') return false;
  return by.kind === 'admin' || (state.scope === 'institution' && state.institutionId === by.institutionId);
}

export const databaseAccessDecider: Decider<DatabaseAccessState, DatabaseAccessCommand, DatabaseAccessEvent> = {
  isEvent: isDatabaseAccessEvent,
  initialState: () => ({ status: 'absent' }),
  evolve: (state, event: Recorded<DatabaseAccessEvent>) => {
    switch (event.type) {
      case 'DatabaseAccessIssued':
        return { status: 'issued', scope: event.data.scope, institutionId: event.data.institutionId };
      case 'DatabaseAccessRevoked':
        return state.status === 'absent' ? state : { ...state, status: 'revoked' };
      default: {
        const unexpected: never = event;
        return unexpected;
      }
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'IssueDatabaseAccess':
        if (state.status !== 'absent') throw new ConflictError('This database role was already issued');
        return [{ type: 'DatabaseAccessIssued', data: command.access }];
      case 'RevokeDatabaseAccess':
        if (!revocable(state, command.by)) throw new NotFoundError(NO_SUCH_ACCESS);
        // Revoking again writes nothing: the role's DDL is repeated (idempotently), the log keeps one revocation.
        if (state.status === 'revoked') return [];
        return [{ type: 'DatabaseAccessRevoked', data: { role: command.role } }];
      default: {
        const unexpected: never = command;
        return unexpected;
      }
    }
  },
};
