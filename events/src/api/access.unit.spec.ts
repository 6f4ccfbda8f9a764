import { ForbiddenError, NotFoundError } from '../errors';
import { assertRoleMayCall, AUDITOR_READ_ONLY, MAX_ROW_ID, routeId } from './access';

describe('routeId', () => {
  it('should read a positive id up to the integer column maximum', () => {
    expect(routeId('1')).toBe(1);
    expect(routeId(String(MAX_ROW_ID))).toBe(2_147_483_647);
  });

  it.each(['2147483648', '9007199254740991', '1e300', '0', '-1', '1.5', 'abc', ''])('should answer not found for %j', (value) => {
    expect(() => routeId(value, 'Batch')).toThrow(new NotFoundError('Batch not found'));
  });
});

describe('assertRoleMayCall', () => {
  const person = { kind: 'admin', id: 2, name: 'Aude', email: 'aude@admins.test', isAdmin: true, institutionId: null } as const;
  const auditor = { ...person, adminRole: 'auditor' } as const;
  const administrator = { ...person, adminRole: 'administrator' } as const;

  it.each([
    ['GET', '/admin/audit'],
    ['HEAD', '/admin/dashboard'],
    ['POST', '/admin/login'],
    ['POST', '/admin/logout'],
    ['PUT', '/admin/profile'],
    ['POST', '/admin/compliance/verify'],
    ['POST', '/institution/getParametersForInstitution/4'],
  ])('should let an auditor send %s %s', (method, path) => {
    expect(() => assertRoleMayCall(auditor, method, path)).not.toThrow();
  });

  it.each([
    ['POST', '/admin/create'],
    ['PUT', '/admin/update/3'],
    ['DELETE', '/admin/deactivate/3'],
    ['PATCH', '/admin/institutions/4/approval'],
    ['post', '/variable/create'],
    ['POST', '/some/route/added/later'],
    ['PUT', '/admin/profile/extra'],
  ])('should refuse an auditor %s %s with 403', (method, path) => {
    expect(() => assertRoleMayCall(auditor, method, path)).toThrow(new ForbiddenError(AUDITOR_READ_ONLY));
  });

  it('should leave administrators, institutions and anonymous callers to the routes', () => {
    expect(() => assertRoleMayCall(administrator, 'POST', '/admin/create')).not.toThrow();
    expect(() => assertRoleMayCall(undefined, 'DELETE', '/admin/deactivate/3')).not.toThrow();
    expect(() =>
      assertRoleMayCall({ ...person, kind: 'institution', isAdmin: false, adminRole: null, institutionId: 4 }, 'POST', '/csv/upload'),
    ).not.toThrow();
  });
});
