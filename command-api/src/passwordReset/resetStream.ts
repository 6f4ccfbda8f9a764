import type { AppendResult, EventMetadata, EventStore, NewEvent } from '@credit/events';
import { handleCommand, loadState } from '../commandHandling';
import { accountStream, type Account } from '../access/account';
import { passwordResetDecider, type PasswordResetCommand } from './decidePasswordReset';
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
  // The decider always answers with an event (or refuses), so there is always an append.
  const { state, events, result } = await handleCommand(
    store,
    passwordResetStream(account.kind, account.id),
    passwordResetDecider,
    commandFor,
    metadata,
    RACE_RETRIES,
  );
  return { before: state, events, result: result as AppendResult };
}

/** Whether the account's password was reset after the request at `requestedAt` (the code is then spent). */
export async function passwordResetSince(store: EventStore, account: Account, requestedAt: number): Promise<boolean> {
  const events = await store.readStream(accountStream(account.kind, account.id));
  return events.some(
    (event) => event.type.endsWith('PasswordChanged') && (event.data as { via?: string }).via === 'reset' && event.position > requestedAt,
  );
}
