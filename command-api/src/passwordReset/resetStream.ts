import {
  identityEvents,
  isEventOf,
  isTeamEvent,
  memberStream,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type NewEvent,
} from '@credit/events';
import { handleCommand, loadState } from '../commandHandling';
import { accountStream, type Account } from '../access/account';
import { passwordResetDecider, type PasswordResetCommand } from './decidePasswordReset';
import { passwordResetStream, type PasswordReset } from './passwordReset';

const RACE_RETRIES = 5;

/** The account's reset stream; a team member's is its own, apart from its institution owner's. */
const resetStreamOf = (account: Account): string =>
  account.member ? `password-reset-member-${account.member.id}` : passwordResetStream(account.kind, account.id);

export const loadPasswordReset = (store: EventStore, account: Account) => loadState(store, resetStreamOf(account), passwordResetDecider);

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
    resetStreamOf(account),
    passwordResetDecider,
    commandFor,
    metadata,
    RACE_RETRIES,
  );
  return { before: state, events, result: result as AppendResult };
}

/** Whether the account's password was reset after the request at `requestedAt` (the code is then spent). */
export async function passwordResetSince(store: EventStore, account: Account, requestedAt: number): Promise<boolean> {
  if (account.member) {
    const memberEvents = await store.readStream(memberStream(account.member.id));
    return memberEvents
      .filter(isTeamEvent)
      .some((event) => event.type === 'MemberPasswordChanged' && event.data.via === 'reset' && event.position > requestedAt);
  }
  const events = await store.readStream(accountStream(account.kind, account.id));
  return events
    .filter(isEventOf(identityEvents))
    .some(
      (event) =>
        (event.type === 'InstitutionPasswordChanged' || event.type === 'AdminPasswordChanged') &&
        event.data.via === 'reset' &&
        event.position > requestedAt,
    );
}
