import {
  ForbiddenError,
  memberStream,
  UnauthorizedError,
  type AdminRole,
  type Event,
  type EventStore,
  type SignedInMember,
  type UserKind,
} from '@credit/events';
import type { Decider } from '../commandHandling';
import { adminStream } from '../admins/admin';
import { adminDecider } from '../admins/decideAdmin';
import { institutionStream } from '../institutions/institution';
import { institutionDecider } from '../institutions/decideInstitution';
import { memberDecider } from '../team/decideMember';
import type { SessionEnds } from './signedOutSessions';

/** A signed-in user's account as its own stream says it is now: the one source for sign-in and for every request. */
export type Account = {
  kind: UserKind;
  id: number;
  name: string;
  email: string;
  passwordHash: string;
  status: 'active' | 'pending' | 'rejected' | 'deactivated' | 'closed';
  logo: string | null;
  /** A platform account's role (administrator or auditor); null for an institution. */
  adminRole: AdminRole | null;
  /** Tokens issued before this (ms since the epoch) no longer sign anyone in. */
  sessionsValidAfter: number | null;
  /** Sessions (token hashes) signed out one by one. */
  signedOutSessions: ReadonlySet<string>;
  /**
   * A member of the institution's team (its own email, password and sessions): the account is then
   * the institution's (kind, id, name, logo), with the member's email, password hash, sessions and a
   * status that is the member's if the institution is active. Null for the institution's own account.
   */
  member: SignedInMember | null;
  /** The member is suspended (its institution active). */
  memberSuspended?: boolean;
};

/** The account's own stream: it carries sign-outs too, so every request sees them when it folds the account. */
export const accountStream = (kind: UserKind, id: number): string => (kind === 'admin' ? adminStream(id) : institutionStream(id));

export async function loadAccount(store: EventStore, kind: UserKind, id: number): Promise<Account | null> {
  if (kind === 'admin') {
    const state = await foldAccount(store, adminStream(id), adminDecider);
    if (state.status === 'none') return null;
    const { name, email, passwordHash, profilePhoto, role } = state;
    const status = state.status === 'active' ? 'active' : 'deactivated';
    return { kind, id, name, email, passwordHash, logo: profilePhoto, adminRole: role, status, member: null, ...sessionEndsOf(state) };
  }
  const state = await foldAccount(store, institutionStream(id), institutionDecider);
  if (state.status === 'none') return null;
  const { name, email, passwordHash, logo } = state;
  const status = state.status === 'approved' ? 'active' : state.status;
  return { kind, id, name, email, passwordHash, logo, adminRole: null, status, member: null, ...sessionEndsOf(state) };
}

/**
 * A team member's account: the institution's, signed in as the member. A member who has not joined
 * or was removed does not exist for signing in; a suspended one is refused like a deactivated account.
 */
export async function loadMemberAccount(store: EventStore, memberId: number): Promise<Account | null> {
  const member = await foldAccount(store, memberStream(memberId), memberDecider);
  if (member.status === 'none' || member.passwordHash === null) return null;
  const institution = await loadAccount(store, 'institution', member.institutionId);
  if (!institution) return null;
  const memberStatus = member.status === 'active' ? 'active' : member.status === 'suspended' ? 'deactivated' : 'closed';
  return {
    ...institution,
    ...sessionEndsOf(member),
    email: member.email,
    passwordHash: member.passwordHash,
    // The institution's own status first: a deactivated institution's members are refused as it is.
    status: institution.status === 'active' ? memberStatus : institution.status,
    member: { id: member.id, name: member.name, email: member.email, role: member.role },
    memberSuspended: institution.status === 'active' && member.status === 'suspended',
  };
}

type Folded = { state: unknown; revision: number };
const MAX_FOLDED_ACCOUNTS = 10_000;
/** Per event store: the accounts this process has folded, and up to which revision. */
const foldedAccounts = new WeakMap<EventStore, Map<string, Folded>>();

/**
 * Every request reads the account's stream, but only the events after the ones this process has
 * already folded: a sign-out or a deactivation written by any process is seen at once, and the
 * stream's history (years of sign-outs) is not folded again on every request.
 */
async function foldAccount<State, TEvent extends Event>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<State, unknown, TEvent>, 'isEvent' | 'initialState' | 'evolve'>,
): Promise<State> {
  let folded = foldedAccounts.get(store);
  if (!folded) foldedAccounts.set(store, (folded = new Map()));
  const known = folded.get(streamId);
  const tail = await store.readStream(streamId, { fromRevision: known ? known.revision + 1 : 0 });
  let state = known ? (known.state as State) : decider.initialState();
  let revision = known ? known.revision : -1;
  if (known && tail.length > 0 && tail[0].revision !== known.revision + 1) {
    folded.delete(streamId);
    return foldAccount(store, streamId, decider);
  }
  for (const event of tail) {
    if (decider.isEvent(event)) state = decider.evolve(state, event);
    revision = event.revision;
  }
  folded.delete(streamId);
  folded.set(streamId, { state, revision });
  if (folded.size > MAX_FOLDED_ACCOUNTS) folded.delete(folded.keys().next().value as string);
  return state;
}

const sessionEndsOf = (state: SessionEnds) => ({
  sessionsValidAfter: state.sessionsValidAfter ?? null,
  signedOutSessions: new Set((state.signedOutSessions ?? []).map((ended) => ended.session)),
});

/**
 * Refuses a token issued before the account's sessions all ended (a password change or reset, to the
 * millisecond: a session opened with the old password a moment before ends, one opened with the new
 * password right after goes on), and a token whose own session was signed out.
 */
export function assertSessionCurrent(account: Account, issuedAtMs: number, session: string): void {
  if (account.sessionsValidAfter !== null && issuedAtMs < account.sessionsValidAfter) throw new UnauthorizedError(SESSION_ENDED);
  if (account.signedOutSessions.has(session)) throw new UnauthorizedError(SESSION_ENDED);
}

export const MEMBER_SUSPENDED = "Your access to this institution's account has been suspended. Please contact its owner.";

export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/** The 403 a signed-in or signing-in user gets when their account may not be used. */
export function assertUsable(account: Account | null): Account {
  if (!account || account.status === 'closed') throw new UnauthorizedError('This account no longer exists');
  if (account.status === 'active') return account;
  if (account.kind === 'admin') throw new ForbiddenError('Your administrator account has been deactivated');
  if (account.memberSuspended) throw new ForbiddenError(MEMBER_SUSPENDED);
  if (account.status === 'deactivated') {
    throw new ForbiddenError('Your institution account has been deactivated. Please contact the platform administrators.');
  }
  if (account.status === 'rejected') throw new ForbiddenError('Your institution account is inactive: the registration was not approved.');
  throw new ForbiddenError('Your institution account is inactive until an administrator approves it.');
}
