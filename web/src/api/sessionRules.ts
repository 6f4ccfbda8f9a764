/** Pages where a 401 is the answer to a sign-in attempt, not a lost session (spec §8). */
const SIGN_IN_PATHS = ['/', '/admin', '/admin/login', '/register', '/reset-password'];

export const isSignInPath = (pathname: string): boolean => SIGN_IN_PATHS.includes(pathname.replace(/\/+$/, '') || '/');

export type StatusRule = 'none' | 'endSession';

/** Spec §8: a 401 ends the session unless already on a sign-in page; a 403 only when the account is inactive or deactivated, or the team member suspended. */
export function ruleForStatus(status: number | string, message: string | null, pathname: string): StatusRule {
  if (status === 401) return isSignInPath(pathname) ? 'none' : 'endSession';
  if (status === 403 && message !== null && /deactivated|inactive|suspended/i.test(message)) return 'endSession';
  return 'none';
}
