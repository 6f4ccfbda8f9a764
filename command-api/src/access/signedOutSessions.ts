import { createHash } from 'node:crypto';
import type { RecordedEvent, UserSignedOutData } from '@credit/events';

/** A session is its token: named in the log by the token's SHA-256, never by the token itself. */
export const sessionOf = (token: string): string => createHash('sha256').update(token).digest('hex');

export type SignedOutSession = { session: string; expiresAt: number };

export type SessionEnds = {
  /** When all of the account's sessions last ended (a password change, a deactivation), ms since the epoch. */
  sessionsValidAfter?: number;
  /** Sessions signed out one by one, until their tokens expire anyway (`expiresAt`, seconds). */
  signedOutSessions?: readonly SignedOutSession[];
};

/**
 * A sign-out ends the session that asked for it, not the account's other sessions: an institution's
 * staff often share one account. A sign-out recorded before sessions were told apart ends every
 * session issued before it, as it did then.
 */
export function afterSignOut(
  state: SessionEnds,
  event: Pick<RecordedEvent<'UserSignedOut', UserSignedOutData>, 'data' | 'metadata'>,
): SessionEnds {
  const signedOutAt = Date.parse(event.metadata.occurredAt);
  const { session, sessionExpiresAt } = event.data;
  if (session === undefined || sessionExpiresAt === undefined) return { ...state, sessionsValidAfter: signedOutAt };
  const stillLive = (state.signedOutSessions ?? []).filter((ended) => ended.expiresAt * 1000 > signedOutAt);
  return { ...state, signedOutSessions: [...stillLive, { session, expiresAt: sessionExpiresAt }] };
}

/**
 * Every session issued until the event ends (a password change, a deactivation): a token issued
 * before an institution was deactivated stays dead once it is reactivated, 30-day ones included.
 */
export function afterAllSessionsEnd(state: SessionEnds, event: Pick<RecordedEvent, 'metadata'>): SessionEnds {
  const endedAt = Date.parse(event.metadata.occurredAt);
  return { ...state, sessionsValidAfter: Math.max(state.sessionsValidAfter ?? endedAt, endedAt) };
}
