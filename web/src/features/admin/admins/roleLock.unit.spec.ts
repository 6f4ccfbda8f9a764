import type { Administrator } from './adminsApi';
import { roleLock } from './roleLock';

const account = (id: number, role: Administrator['role'], is_active = true): Administrator => ({
  id,
  name: `Admin ${id}`,
  email: `admin${id}@platform.test`,
  role,
  is_active,
  profilePhoto: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

describe('roleLock', () => {
  it("locks one's own role, whatever the others", () => {
    const admins = [account(1, 'administrator'), account(2, 'administrator')];
    expect(roleLock(admins[0], 1, admins)).toBe('yourself');
  });

  it('locks the last active administrator, counting neither auditors nor inactive administrators', () => {
    const admins = [account(1, 'administrator'), account(2, 'auditor'), account(3, 'administrator', false)];
    expect(roleLock(admins[0], 2, admins)).toBe('lastAdministrator');
  });

  it("frees an administrator's role when another active administrator remains, and an auditor's always", () => {
    const admins = [account(1, 'administrator'), account(2, 'administrator'), account(3, 'auditor')];
    expect(roleLock(admins[1], 1, admins)).toBeNull();
    expect(roleLock(admins[2], 1, [account(1, 'auditor'), admins[2], account(4, 'administrator')])).toBeNull();
  });

  it('locks a deactivated account', () => {
    const admins = [account(1, 'administrator'), account(2, 'auditor', false)];
    expect(roleLock(admins[1], 1, admins)).toBe('inactive');
  });
});
