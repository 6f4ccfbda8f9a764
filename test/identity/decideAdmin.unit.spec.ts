import { ConflictError, ForbiddenError, NotFoundError } from '@credit/events';
import { decideAdmin } from '../../command-api/src/admins/decideAdmin';
import type { Admin } from '../../command-api/src/admins/admin';

const active: Admin = {
  status: 'active',
  id: 3,
  name: 'Ada',
  email: 'ada@admins.test',
  passwordHash: '$argon2id$x',
  profilePhoto: null,
  role: 'administrator',
};

describe('Deactivating an administrator', () => {
  describe('When the administrator is the last active one', () => {
    it('should refuse with 409', () => {
      const decide = () => decideAdmin({ type: 'DeactivateAdmin', requestedBy: 7, activeAdmins: 1 }, active);
      expect(decide).toThrow(ConflictError);
      expect(decide).toThrow('The last active administrator cannot be deactivated');
    });
  });

  describe('When an administrator deactivates themself', () => {
    it('should refuse with 403', () => {
      expect(() => decideAdmin({ type: 'DeactivateAdmin', requestedBy: 3, activeAdmins: 5 }, active)).toThrow(ForbiddenError);
    });
  });

  describe('When another administrator remains active', () => {
    it('should record the deactivation', () => {
      expect(decideAdmin({ type: 'DeactivateAdmin', requestedBy: 7, activeAdmins: 2 }, active)).toEqual([
        { type: 'AdminDeactivated', data: { adminId: 3 } },
      ]);
    });
  });

  describe('When the administrator is already inactive or unknown', () => {
    it('should refuse with 409 and 404', () => {
      expect(() => decideAdmin({ type: 'DeactivateAdmin', requestedBy: 7, activeAdmins: 3 }, { ...active, status: 'inactive' })).toThrow(
        ConflictError,
      );
      expect(() => decideAdmin({ type: 'DeactivateAdmin', requestedBy: 7, activeAdmins: 3 }, { status: 'none' })).toThrow(NotFoundError);
    });
  });
});

describe('Deactivating an auditor', () => {
  describe('When one administrator remains active', () => {
    it('should record the deactivation: the last-administrator rule counts administrators only', () => {
      expect(decideAdmin({ type: 'DeactivateAdmin', requestedBy: 7, activeAdmins: 1 }, { ...active, role: 'auditor' })).toEqual([
        { type: 'AdminDeactivated', data: { adminId: 3 } },
      ]);
    });
  });
});

describe('Creating a platform account', () => {
  describe('When an auditor is created', () => {
    it('should record the role in the event', () => {
      expect(
        decideAdmin(
          { type: 'CreateAdmin', adminId: 9, name: 'Aude', email: 'aude@admins.test', passwordHash: '$argon2id$y', role: 'auditor' },
          { status: 'none' },
        ),
      ).toEqual([
        {
          type: 'AdminCreated',
          data: { adminId: 9, name: 'Aude', email: 'aude@admins.test', passwordHash: '$argon2id$y', role: 'auditor' },
        },
      ]);
    });
  });
});

describe("Changing a platform account's role", () => {
  const change = (role: 'administrator' | 'auditor', activeAdministrators = 2, requestedBy = 7) =>
    ({ type: 'ChangeAdminRole', role, requestedBy, activeAdministrators }) as const;

  describe('When another administrator makes an administrator an auditor', () => {
    it('should record the new role', () => {
      expect(decideAdmin(change('auditor'), active)).toEqual([{ type: 'AdminRoleChanged', data: { adminId: 3, role: 'auditor' } }]);
    });
  });

  describe('When an auditor is made an administrator', () => {
    it('should record the new role even with a single administrator', () => {
      expect(decideAdmin(change('administrator', 1), { ...active, role: 'auditor' })).toEqual([
        { type: 'AdminRoleChanged', data: { adminId: 3, role: 'administrator' } },
      ]);
    });
  });

  describe('When the role is unchanged', () => {
    it('should record nothing', () => {
      expect(decideAdmin(change('administrator'), active)).toEqual([]);
    });
  });

  describe('When the change would leave no active administrator, targets the requester or a deactivated account', () => {
    it('should refuse with 409, 403 and 409', () => {
      expect(() => decideAdmin(change('auditor', 1), active)).toThrow('The last active administrator cannot become an auditor');
      expect(() => decideAdmin(change('auditor', 5, 3), active)).toThrow(ForbiddenError);
      expect(() => decideAdmin(change('auditor'), { ...active, status: 'inactive' })).toThrow(ConflictError);
      expect(() => decideAdmin(change('auditor'), { status: 'none' })).toThrow(NotFoundError);
    });
  });
});
