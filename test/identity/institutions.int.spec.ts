import { approvedInstitution, bearer, decodeToken, signInAsAdmin } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

describe('Institutions: registration, approval and sign-in', () => {
  let platform: TestPlatform;
  let admin: string;

  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = await signInAsAdmin(platform);
  });
  afterAll(async () => platform.close());

  const register = (json: Record<string, unknown>) => platform.request('/api/institution/create', { method: 'POST', json });
  const login = (email: string, password: string) =>
    platform.request('/api/institution/login', { method: 'POST', json: { email, password } });

  describe('When registering', () => {
    it.each([
      [{ email: 'a@b.test', password: 'longenough' }, 'Institution name is required'],
      [{ name: 'B', email: 'a@b.test', password: 'longenough' }, 'Institution name must be at least 2 characters'],
      [{ name: 'Bank', password: 'longenough' }, 'Email is required'],
      [{ name: 'Bank', email: 'not-an-email', password: 'longenough' }, 'Please enter a valid email address'],
      [{ name: 'Bank', email: 'a@b.test' }, 'Password is required'],
      [{ name: 'Bank', email: 'a@b.test', password: 'short' }, 'Password must be at least 8 characters'],
      [{ name: 'Bank', email: 'a@b.test', password: 'longenough', confirmPassword: 'different' }, 'Passwords do not match'],
    ])('should refuse %j with the spec message', async (json, message) => {
      const response = await register(json);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, message });
    });

    it('should create an inactive, pending account and refuse a second one with the same email in any case', async () => {
      const first = await register({ name: 'Afriland First Bank', email: 'Credit@Afriland.test', password: 'Sup3r-secret' });
      expect(first.status).toBe(201);
      expect(first.body.data).toMatchObject({ is_active: false, status: 'pending' });
      expect(JSON.stringify(first.body)).not.toContain('Sup3r-secret');
      const again = await register({ name: 'Other', email: 'credit@AFRILAND.test', password: 'Sup3r-secret' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('An institution with this email is already registered');
    });
  });

  describe('When a pending institution signs in', () => {
    it('should get 403 saying the account is inactive', async () => {
      await register({ name: 'Pending Bank', email: 'pending@bank.test', password: 'Pending-pass1' });
      const response = await login('pending@bank.test', 'Pending-pass1');
      expect(response.status).toBe(403);
      expect(response.body.message).toContain('inactive');
    });
  });

  describe('When credentials are wrong', () => {
    it('should answer the same for an unknown email and a wrong password', async () => {
      const unknown = await login('nobody@bank.test', 'whatever-pass');
      const wrong = await login('pending@bank.test', 'wrong-password');
      expect(unknown.status).toBe(401);
      expect(wrong.status).toBe(401);
      expect(unknown.body.message).toBe(wrong.body.message);
    });

    it('should rate-limit repeated failures with 429', async () => {
      for (let attempt = 0; attempt < 5; attempt++) await login('victim@bank.test', `guess-${attempt}-xx`);
      const blocked = await login('victim@bank.test', 'guess-final-xx');
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/Too many failed sign-in attempts/);
    });
  });

  describe('When an admin reviews institutions', () => {
    it('should approve a pending institution, which can then sign in with the spec claims', async () => {
      const institution = await approvedInstitution(platform, admin, 'Ecobank Douala');
      const claims = decodeToken(institution.token);
      expect(Object.keys(claims).sort()).toEqual(['email', 'exp', 'iat', 'id', 'is_active', 'is_admin', 'name', 'role'].sort());
      expect(claims).toMatchObject({ id: institution.id, name: 'Ecobank Douala', role: 'institution', is_admin: false, is_active: true });
      const again = await platform.request(`/api/admin/institutions/${institution.id}/approve`, { method: 'POST', headers: bearer(admin) });
      expect(again.status).toBe(409);
    });

    it('should require a reason to reject, record it, and list institutions by derived status', async () => {
      const created = await register({ name: 'Rejected Bank', email: 'rejected@bank.test', password: 'Rejected-pass1' });
      const id = created.body.data.id;
      const blank = await platform.request(`/api/admin/institutions/${id}/reject`, {
        method: 'POST',
        headers: bearer(admin),
        json: { reason: '   ' },
      });
      expect(blank).toMatchObject({ status: 400, body: { message: 'Please provide a reason for rejection' } });
      const rejected = await platform.request(`/api/admin/institutions/${id}/reject`, {
        method: 'POST',
        headers: bearer(admin),
        json: { reason: 'Licence number could not be verified' },
      });
      expect(rejected.status).toBe(200);
      const list = await platform.request('/api/admin/institutions?status=rejected', {
        headers: { ...bearer(admin), 'X-Min-Position': String(rejected.body.position) },
      });
      expect(list.body.data.institutions).toEqual([
        expect.objectContaining({
          id,
          status: 'rejected',
          rejectionReason: 'Licence number could not be verified',
          registrationNumber: `REG-${id}`,
        }),
      ]);
      const login403 = await login('rejected@bank.test', 'Rejected-pass1');
      expect(login403.status).toBe(403);
      expect(login403.body.message).toContain('inactive');
    });

    it('should stop a deactivated institution’s existing token at once, and for good', async () => {
      const institution = await approvedInstitution(platform, admin);
      const before = await platform.request(`/api/institution/${institution.id}`, { headers: bearer(institution.token) });
      expect(before.status).toBe(200);
      const deactivated = await platform.request(`/api/institution/deactivate/${institution.id}`, {
        method: 'POST',
        headers: bearer(admin),
        json: { comment: 'Deactivated from User Management' },
      });
      expect(deactivated.status).toBe(200);
      const after = await platform.request(`/api/institution/${institution.id}`, { headers: bearer(institution.token) });
      expect(after.status).toBe(403);
      expect(after.body.message).toContain('deactivated');
      const reactivated = await platform.request(`/api/admin/update-institution-status/${institution.id}`, {
        method: 'PATCH',
        headers: bearer(admin),
        json: { is_active: true },
      });
      expect(reactivated.status).toBe(200);
      // The token issued before the deactivation stays dead (test/identity/secondProbe.int.spec.ts); a new sign-in works.
      expect((await platform.request(`/api/institution/${institution.id}`, { headers: bearer(institution.token) })).status).toBe(401);
      const signIn = await platform.request('/api/institution/login', {
        method: 'POST',
        json: { email: institution.email, password: institution.password },
      });
      expect((await platform.request(`/api/institution/${institution.id}`, { headers: bearer(signIn.body.token) })).status).toBe(200);
    });
  });

  describe('When tokens are bad', () => {
    it('should answer 401 for a malformed token and for one signed with another key', async () => {
      const malformed = await platform.request('/api/institution/getAllInstitutions', { headers: bearer('not.a.token') });
      expect(malformed).toMatchObject({ status: 401, body: { success: false, message: 'Invalid token' } });
      const forged =
        'eyJhbGciOiJIUzI1NiJ9.' +
        Buffer.from(JSON.stringify({ id: 1, role: 'admin', exp: 9999999999 })).toString('base64url') +
        '.c2lnbmF0dXJl';
      expect((await platform.request('/api/institution/getAllInstitutions', { headers: bearer(forged) })).status).toBe(401);
    });
  });
});
