import type { AppDispatch } from '../session/hooks';
import { checkStoredSession, validationEndsSession } from '../session/checkStoredSession';
import { sessionApi } from '../api/sessionApi';
import { sessionEnded, signedIn, tokenRestored, userFromClaims, type SignedInUser } from '../session/sessionSlice';
import { clearStoredSession, readStoredSession } from '../session/sessionStore';

const statusOf = (error: unknown): number | string | undefined =>
  typeof error === 'object' && error !== null ? (error as { status?: number | string }).status : undefined;

/**
 * Spec §4 at start-up: the stored token is checked (missing, expired, undecodable, flags), then
 * validated with the role's list call. 401/403 ends the session; any other failure keeps it from the claims.
 */
export async function startSession(dispatch: AppDispatch): Promise<void> {
  const stored = readStoredSession();
  const check = checkStoredSession(stored);
  if (check.outcome === 'signedOut') {
    if (check.reason !== 'missing') clearStoredSession();
    dispatch(sessionEnded(check.reason === 'missing' ? null : check.reason === 'expired' ? 'expired' : 'invalid'));
    return;
  }
  const token = stored.token as string;
  // The guard shows its full-screen spinner until the server has had its say.
  dispatch(tokenRestored(token));

  const request =
    check.role === 'admin'
      ? dispatch(sessionApi.endpoints.adminList.initiate())
      : dispatch(sessionApi.endpoints.institutionProfile.initiate());
  const result = await request;
  request.unsubscribe();
  if (result.error && validationEndsSession(statusOf(result.error))) {
    clearStoredSession();
    dispatch(sessionEnded(statusOf(result.error) === 403 ? 'deactivated' : 'unauthorized'));
    return;
  }
  // Any other failure (the network, a 500) keeps the user signed in from the token's claims.
  const profile: Partial<SignedInUser> = {};
  // The admin list (an array) or the institution's profile, by the role's validation call.
  const answer = result.error ? undefined : result.data?.data;
  if (Array.isArray(answer)) {
    const me = answer.find((row) => row.id === check.claims.id);
    // The account's role now, which a change since the token was issued may have moved.
    if (me) Object.assign(profile, { name: me.name, profilePhoto: me.profilePhoto ?? null, ...(me.role ? { adminRole: me.role } : {}) });
  } else if (answer) {
    Object.assign(profile, { name: answer.name, institutionName: answer.name, institutionLogo: answer.logoUrl ?? null });
  }
  dispatch(signedIn({ token, user: userFromClaims(check.claims, profile) }));
}
