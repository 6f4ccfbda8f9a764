import type { RecordedEvent } from '../eventStore';
import {
  activeAdministrators,
  evolveAdminAccounts,
  evolveAdminStatus,
  evolveInstitutionStatus,
  isInstitutionAccount,
  isInstitutionActive,
  type AdminAccounts,
  type AdminStatus,
  type InstitutionStatus,
} from './accountStatus';

const fold = (types: string[]) =>
  types.reduce<InstitutionStatus | 'none'>((status, type) => evolveInstitutionStatus(status, { type }), 'none');

describe('An institution status fold', () => {
  it.each([
    [['InstitutionRegistered'], 'pending'],
    [['InstitutionRegistered', 'InstitutionApproved'], 'approved'],
    [['InstitutionRegistered', 'InstitutionRejected'], 'rejected'],
    [['InstitutionRegistered', 'InstitutionApproved', 'InstitutionDeactivated'], 'deactivated'],
    [['InstitutionRegistered', 'InstitutionApproved', 'InstitutionDeactivated', 'InstitutionActivated'], 'approved'],
    [['InstitutionRegistered', 'InstitutionApproved', 'InstitutionClosed'], 'closed'],
    [['InstitutionRegistered', 'InstitutionDetailsChanged', 'InstitutionPasswordChanged', 'UserSignedOut'], 'pending'],
    [[], 'none'],
  ])('should leave %j in %s', (types, status) => {
    expect(fold(types)).toBe(status);
  });

  it('should count an account until it is closed and as active only while approved', () => {
    expect(['pending', 'approved', 'rejected', 'deactivated'].every((status) => isInstitutionAccount(status as 'pending'))).toBe(true);
    expect(isInstitutionAccount('closed')).toBe(false);
    expect(isInstitutionAccount('none')).toBe(false);
    expect(isInstitutionActive('approved')).toBe(true);
    expect(isInstitutionActive('deactivated')).toBe(false);
  });
});

describe('An administrator status fold', () => {
  it('should be active once created and inactive once deactivated, whatever else happens', () => {
    const types = ['AdminCreated', 'AdminDetailsChanged', 'AdminRoleChanged'];
    const active = types.reduce<AdminStatus | 'none'>((status, type) => evolveAdminStatus(status, { type }), 'none');
    expect(active).toBe('active');
    expect(evolveAdminStatus(active, { type: 'AdminDeactivated' })).toBe('inactive');
    expect(evolveAdminStatus('none', { type: 'AdminPasswordChanged' })).toBe('none');
  });
});

describe('Active administrators', () => {
  const event = (type: string, data: Record<string, unknown>) => ({ type, data }) as unknown as RecordedEvent;
  it('should count active accounts with the administrator role, not auditors nor deactivated ones', () => {
    const accounts: AdminAccounts = new Map();
    for (const next of [
      event('AdminCreated', { adminId: 1, role: 'administrator' }),
      event('AdminCreated', { adminId: 2, role: 'administrator' }),
      event('AdminCreated', { adminId: 3, role: 'auditor' }),
      event('AdminCreated', { adminId: 4, role: 'auditor' }),
      event('AdminRoleChanged', { adminId: 4, role: 'administrator' }),
      event('AdminDeactivated', { adminId: 2 }),
      event('AdminRoleChanged', { adminId: 9, role: 'administrator' }),
    ])
      evolveAdminAccounts(accounts, next);
    expect(activeAdministrators(accounts)).toBe(2);
  });
});
