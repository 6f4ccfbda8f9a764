import { decodeToken, isAdminClaims, type SessionClaims } from './tokenClaims';
import type { StoredSession } from './sessionStore';

export type StartupCheck =
  | { outcome: 'signedOut'; reason: 'missing' | 'expired' | 'undecodable' | 'inconsistentFlags' }
  | { outcome: 'validate'; claims: SessionClaims; role: 'admin' | 'institution' };

/**
 * The start-up checks of spec §4, in its order: missing, expired, undecodable, flags inconsistent
 * with the role. A token that passes them still has to be validated by the server.
 */
export function checkStoredSession(stored: StoredSession, nowMs: number = Date.now()): StartupCheck {
  if (!stored.token) return { outcome: 'signedOut', reason: 'missing' };
  const claims = decodeToken(stored.token);
  if (claims !== null && claims.exp * 1000 <= nowMs) return { outcome: 'signedOut', reason: 'expired' };
  if (claims === null) return { outcome: 'signedOut', reason: 'undecodable' };
  const admin = isAdminClaims(claims);
  const consistent = admin ? stored.adminAuthenticated && !stored.userLoggedIn : stored.userLoggedIn;
  if (!consistent) return { outcome: 'signedOut', reason: 'inconsistentFlags' };
  return { outcome: 'validate', claims, role: admin ? 'admin' : 'institution' };
}

/** What the validation call's failure means: 401 or 403 ends the session, anything else keeps it. */
export const validationEndsSession = (status: number | string | undefined): boolean => status === 401 || status === 403;
