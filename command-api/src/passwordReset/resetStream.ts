import { ConcurrencyError, newEventId, type AppendResult, type EventMetadata, type EventStore, type NewEvent } from '@credit/events';
import { loadState } from '../commandHandling';
import type { Account } from '../access/account';
import { adminStream } from '../admins/admin';
import { institutionStream } from '../institutions/institution';
import { decidePasswordReset, passwordResetDecider, type PasswordResetCommand } from './decidePasswordReset';
import { passwordResetStream, type PasswordReset } from './passwordReset';

const RACE_RETRIES = 5;

export const loadPasswordReset = (store: EventStore, account: Account) =>
  loadState(store, passwordResetStream(account.kind, account.id), passwordResetDecider);

/**
 * Decides on the account's reset stream and appends with the revision read. A lost race is
 * decided again on the fresh state, so parallel guesses still count against the attempt limit.
 */
export async function decideOnResetStream(
  store: EventStore,
  account: Account,
  commandFor: (state: PasswordReset) => Promise<PasswordResetCommand> | PasswordResetCommand,
  metadata: EventMetadata,
): Promise<{ before: PasswordReset; events: NewEvent[]; result: AppendResult }> {
  for (let attempt = 1; ; attempt += 1) {
    const { state, revision } = await loadPasswordReset(store, account);
    const events = decidePasswordReset(await commandFor(state), state).map((event) => ({ id: newEventId(), ...event, metadata }));
    try {
      const result = await store.append(passwordResetStream(account.kind, account.id), events, {
        expectedRevision: revision === -1 ? 'no_stream' : revision,
      });
      return { before: state, events, result };
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= RACE_RETRIES) throw error;
    }
  }
}

/** Whether the account's password was reset after the request at `requestedAt` (the code is then spent). */
export async function passwordResetSince(store: EventStore, account: Account, requestedAt: number): Promise<boolean> {
  const stream = account.kind === 'admin' ? adminStream(account.id) : institutionStream(account.id);
  const events = await store.readStream(stream);
  return events.some(
    (event) => event.type.endsWith('PasswordChanged') && (event.data as { via?: string }).via === 'reset' && event.position > requestedAt,
  );
}
