import { EventSchemaError } from '../errors';
import { domainCatalogue } from './domainCatalogue';

const created = { adminId: 4, name: 'Ada', email: 'ada@admins.test', passwordHash: '$argon2id$x' };

describe('AdminCreated', () => {
  const catalogue = domainCatalogue();

  it('should be at version 2, which names the role', () => {
    expect(catalogue.versionOf('AdminCreated')).toBe(2);
    expect(catalogue.validate('AdminCreated', { ...created, role: 'auditor' })).toEqual({ ...created, role: 'auditor' });
  });

  it('should read a version-1 event as an administrator, the only role there was', () => {
    expect(catalogue.read('AdminCreated', 1, created)).toEqual({ ...created, role: 'administrator' });
  });

  it('should refuse a new event without a role or with another one', () => {
    expect(() => catalogue.validate('AdminCreated', created)).toThrow(EventSchemaError);
    expect(() => catalogue.validate('AdminCreated', { ...created, role: 'root' })).toThrow(EventSchemaError);
  });
});

describe('AdminRoleChanged', () => {
  it('should carry the account and its new role', () => {
    expect(domainCatalogue().validate('AdminRoleChanged', { adminId: 4, role: 'auditor' })).toEqual({ adminId: 4, role: 'auditor' });
    expect(() => domainCatalogue().validate('AdminRoleChanged', { adminId: 4, role: 'owner' })).toThrow(EventSchemaError);
  });
});
