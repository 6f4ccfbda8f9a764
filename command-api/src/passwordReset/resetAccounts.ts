import type { EventStore, UserKind } from '@credit/events';
import type { EmailReservations } from '../accounts/emailReservations';
import { loadAccount, loadMemberAccount, type Account } from '../access/account';
import { loadPasswordReset } from './resetStream';
import type { PasswordReset } from './passwordReset';

type Lookup = { store: EventStore; reservations: EmailReservations };

/** The accounts an email names, institutions (or their team members) first and then administrators; closed accounts are gone. */
export async function accountsFor(deps: Lookup, email: string, kind: UserKind | undefined): Promise<Account[]> {
  const accounts: Account[] = [];
  for (const candidate of kind ? [kind] : (['institution', 'admin'] as const)) {
    const id = await deps.reservations.owner(candidate, email);
    // Not an institution's own email: maybe a member of an institution's team (who signs in on the same page).
    const memberId = id === null && candidate === 'institution' ? await deps.reservations.owner('member', email) : null;
    const account =
      memberId !== null ? await loadMemberAccount(deps.store, memberId) : id === null ? null : await loadAccount(deps.store, candidate, id);
    if (account && account.status !== 'closed') accounts.push(account);
  }
  return accounts;
}

/** Of the accounts an email names, the one whose reset was asked for last (the first if none was). */
export async function accountBeingReset(store: EventStore, accounts: Account[]): Promise<Account> {
  if (accounts.length === 1) return accounts[0];
  const requestedAt = (state: PasswordReset) => (state.status === 'none' ? 0 : state.requestedAt);
  let chosen = { account: accounts[0], requested: requestedAt((await loadPasswordReset(store, accounts[0])).state) };
  for (const account of accounts.slice(1)) {
    const requested = requestedAt((await loadPasswordReset(store, account)).state);
    if (requested > chosen.requested) chosen = { account, requested };
  }
  return chosen.account;
}
