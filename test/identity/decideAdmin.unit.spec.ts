import { ConflictError, ForbiddenError, NotFoundError } from '@credit/events';
import { decideAdmin } from '../../command-api/src/admins/decideAdmin';
import type { Admin } from '../../command-api/src/admins/admin';

const active: Admin = { status: 'active', id: 3, name: 'Ada', email: 'ada@admins.test', passwordHash: '$argon2id$x', profilePhoto: null };

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
