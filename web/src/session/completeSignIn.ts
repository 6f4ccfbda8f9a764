import type { AdminRole } from '../shared/types';
import type { AppDispatch } from './hooks';
import { signedIn, userFromClaims } from './sessionSlice';
import { storeSession } from './sessionStore';
import { decodeToken, isAdminClaims } from './tokenClaims';

type LoginAnswer = {
  token?: string;
  institutionName?: string;
  institutionLogo?: string | null;
  logoUrl?: string | null;
  adminRole?: AdminRole | null;
};

/**
 * Stores a fresh session. Returns false when the token cannot be read, or is not of the role the page
 * signs in ('Invalid token received from server').
 */
export function completeSignIn(dispatch: AppDispatch, answer: LoginAnswer, role: 'admin' | 'institution', keepSignedIn: boolean): boolean {
  const claims = answer.token ? decodeToken(answer.token) : null;
  if (!answer.token || claims === null || isAdminClaims(claims) !== (role === 'admin')) return false;
  storeSession(answer.token, role, keepSignedIn);
  const extra =
    role === 'institution'
      ? { institutionName: answer.institutionName || claims.name, institutionLogo: answer.logoUrl ?? answer.institutionLogo ?? null }
      : answer.adminRole
        ? { adminRole: answer.adminRole }
        : {};
  dispatch(signedIn({ token: answer.token, user: userFromClaims(claims, extra) }));
  return true;
}
