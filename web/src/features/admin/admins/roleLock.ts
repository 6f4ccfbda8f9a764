import type { Administrator } from './adminsApi';

export type RoleLock = 'yourself' | 'lastAdministrator' | 'inactive' | null;

/**
 * Why an account's role cannot be changed (the server's rules, so the dialog says so before it asks):
 * one's own, a deactivated account's, and the last active administrator's. Null when it can.
 */
export function roleLock(admin: Administrator, me: number | undefined, admins: readonly Administrator[]): RoleLock {
  if (admin.id === me) return 'yourself';
  if (!admin.is_active) return 'inactive';
  const activeAdministrators = admins.filter((row) => row.is_active && row.role === 'administrator').length;
  if (admin.role === 'administrator' && activeAdministrators <= 1) return 'lastAdministrator';
  return null;
}
