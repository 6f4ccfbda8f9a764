import type { SessionClaims } from './tokenClaims';
import { sessionSlice, signedIn, userFromClaims } from './sessionSlice';

const claims = (extra: Partial<SessionClaims> = {}): SessionClaims => ({
  id: 7,
  name: 'Aude Auditrice',
  email: 'aude@platform.test',
  role: 'admin',
  is_admin: true,
  is_active: true,
  iat: 0,
  exp: 9_999_999_999,
  ...extra,
});

describe("the session's admin role", () => {
  it("is the token's admin_role claim, so a restored session keeps it", () => {
    expect(userFromClaims(claims({ admin_role: 'auditor' })).adminRole).toBe('auditor');
    expect(userFromClaims(claims({ admin_role: 'administrator' })).adminRole).toBe('administrator');
  });

  it('is administrator for an admin token from before roles, and none for an institution', () => {
    expect(userFromClaims(claims()).adminRole).toBe('administrator');
    expect(userFromClaims(claims({ role: 'institution', is_admin: false })).adminRole).toBeNull();
  });

  it("takes what the sign-in answer or the admin list says over the token's claim", () => {
    const user = userFromClaims(claims({ admin_role: 'administrator' }), { adminRole: 'auditor' });
    const state = sessionSlice.reducer(undefined, signedIn({ token: 't', user }));
    expect(state.user?.adminRole).toBe('auditor');
  });
});
