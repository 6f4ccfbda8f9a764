export const defaultPathFor = (role: 'admin' | 'institution'): string => (role === 'admin' ? '/admin/dashboard' : '/workspace-dashboard');

/** Where to go after a sign-in: the remembered path when there is one, else the role's default. */
export function pathAfterSignIn(role: 'admin' | 'institution', remembered: unknown): string {
  if (typeof remembered === 'string' && remembered.startsWith('/') && !remembered.startsWith('//') && remembered !== '/') return remembered;
  return defaultPathFor(role);
}
