import jwt from 'jsonwebtoken';
import { newEventId } from '@credit/events';
import { approvedInstitution, bearer, decodeToken, signInAsAdmin, type TestInstitution } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

const SECRET = 'probe-findings-secret-of-at-least-32-characters';

/** What a black-box probe of the running platform found, each reproduced as it was found. */
describe('Findings of the black-box probe', () => {
  let platform: TestPlatform;
  let admin: string;
  let bank: TestInstitution;
  beforeAll(async () => {
    platform = await startTestPlatform({ env: { JWT_SECRET: SECRET, REGISTRATION_LIMIT_PER_HOUR: '1000' } });
    admin = await signInAsAdmin(platform);
    bank = await approvedInstitution(platform, admin, 'Probe Bank');
  });
  afterAll(async () => platform.close());

  describe('When a text is longer than its field allows', () => {
    it('should refuse a 3 000-character institution name with 400 and keep auditing what follows', async () => {
      const registered = await platform.request('/api/institution/create', {
        method: 'POST',
        json: { name: 'N'.repeat(3_000), email: 'long@names.test', password: 'Long-pass-1' },
      });
      expect(registered).toMatchObject({ status: 400, body: { success: false, message: 'Name must be at most 200 characters' } });
      const signIn = await platform.request('/api/admin/login', {
        method: 'POST',
        json: { email: 'admin@platform.test', password: 'Admin-Passw0rd!' },
      });
      const audit = await platform.request('/api/admin/audit?action=login', {
        headers: { ...bearer(admin), 'X-Min-Position': String(signIn.body.position) },
      });
      expect(audit.status).toBe(200);
      expect(audit.body.data.logs[0]).toMatchObject({ action: 'login' });
    });

    it.each([
      ['PUT', '/api/institution/profile', 'institution', { name: 'N'.repeat(900_000) }, 'Name must be at most 200 characters'],
      ['PUT', '/api/admin/profile', 'admin', { name: 'N'.repeat(201) }, 'Name must be at most 200 characters'],
      [
        'POST',
        '/api/institution/create',
        null,
        { name: 'Bank', email: `${'e'.repeat(250)}@x.test`, password: 'Long-pass-1' },
        'Email must be at most 254 characters',
      ],
      [
        'POST',
        '/api/variableCategory/create',
        'admin',
        { name: 'C', description: 'D'.repeat(2_001), creditLimitWeight: 1, interestRateWeight: 1 },
        'Description must be at most 2,000 characters',
      ],
      [
        'POST',
        '/api/institution/create',
        null,
        { name: 'Bank', email: 'a@b.test', password: 'P'.repeat(300) },
        'Password must be at most 256 characters',
      ],
    ])('%s %s should refuse an over-long field with its bound', async (method, path, who, json, message) => {
      const token = who === 'admin' ? admin : who === 'institution' ? bank.token : null;
      const response = await platform.request(path, { method, json, headers: token ? bearer(token) : {} });
      expect(response).toMatchObject({ status: 400, body: { success: false, message } });
    });

    it('should refuse an over-long batch name in an upload form', async () => {
      const form = new FormData();
      form.append('batchName', 'B'.repeat(201));
      form.append('csvFile', new Blob(['name,reference_number\nA,1\n']), 'x.csv');
      const response = await platform.request('/api/csv/upload', { method: 'POST', body: form, headers: bearer(bank.token) });
      expect(response).toMatchObject({ status: 400, body: { message: 'Batch name must be at most 200 characters' } });
    });
  });

  describe('When a query string holds a NUL, a lone surrogate or a 10 000-character value', () => {
    const routes = [
      '/api/result/getAllResults',
      '/api/results',
      '/api/result/institution/:id',
      '/api/result/batch/1',
      '/api/admin/audit',
      '/api/institution/audit',
    ];
    it.each(routes)('%s should answer 400, not 500', async (route) => {
      const path = route.replace(':id', String(bank.id));
      const token = route.includes('/admin/') ? admin : bank.token;
      for (const query of ['search=%00', 'actor=%00', 'search=a%00b', `search=${'s'.repeat(10_000)}`]) {
        const response = await platform.request(`${path}?${query}`, { headers: bearer(token) });
        expect({ query: query.slice(0, 20), status: response.status }).toEqual({ query: query.slice(0, 20), status: 400 });
        expect(response.body.success).toBe(false);
      }
      expect((await platform.request(`${path}?search=ok`, { headers: bearer(token) })).status).not.toBe(500);
    });

    it('should say which parameter and why', async () => {
      const nul = await platform.request('/api/results?search=%00', { headers: bearer(bank.token) });
      expect(nul.body.message).toBe('The query parameter search must not contain NUL characters');
      const long = await platform.request(`/api/results?search=${'s'.repeat(201)}`, { headers: bearer(bank.token) });
      expect(long.body.message).toBe('Search must be at most 200 characters');
    });
  });

  describe('When an account holds a very long name (written before names were bounded)', () => {
    it('should sign it in with a short token whose name is cut, and keep the account whole', async () => {
      const longName = 'Ł'.repeat(900_000);
      const { position } = await platform.store.append(`institution-${bank.id}`, [
        {
          id: newEventId(),
          type: 'InstitutionDetailsChanged',
          data: { institutionId: bank.id, name: longName },
          metadata: {
            actor: { id: String(bank.id), role: 'institution', name: 'Probe Bank' },
            institutionId: bank.id,
            correlationId: 'long-name',
            occurredAt: new Date().toISOString(),
          },
        },
      ]);
      const signIn = await platform.request('/api/institution/login', {
        method: 'POST',
        json: { email: bank.email, password: bank.password },
      });
      expect(signIn.status).toBe(200);
      const token = signIn.body.token as string;
      expect(token.length).toBeLessThan(1_000);
      expect(decodeToken(token).name).toBe('Ł'.repeat(100));
      const batches = await platform.request('/api/csv/batches', { headers: bearer(token) });
      expect(batches.status).toBe(200);
      const profile = await platform.request('/api/institution/profile/me', {
        headers: { ...bearer(token), 'X-Min-Position': String(position) },
      });
      expect(profile.status).toBe(200);
      expect(JSON.stringify(profile.body)).toContain(longName);
    });
  });

  describe('When a password changes a moment after a sign-in', () => {
    it('should end the session opened before it, in the same second, and keep the one opened after', async () => {
      const created = await platform.request('/api/admin/create', {
        method: 'POST',
        headers: bearer(admin),
        json: { name: 'Quick Admin', email: 'quick@admins.test', password: 'Quick-pass-1' },
      });
      const before = await signInAsAdmin(platform, { email: 'quick@admins.test', password: 'Quick-pass-1' });
      const changed = await platform.request(`/api/admin/update/${created.body.data.id}`, {
        method: 'PUT',
        headers: bearer(admin),
        json: { name: 'Quick Admin', email: 'quick@admins.test', password: 'Quick-pass-2' },
      });
      expect(changed.status).toBe(200);
      const after = await signInAsAdmin(platform, { email: 'quick@admins.test', password: 'Quick-pass-2' });
      expect((await platform.request('/api/admin/getAllAdmins', { headers: bearer(before) })).status).toBe(401);
      expect((await platform.request('/api/admin/getAllAdmins', { headers: bearer(after) })).status).toBe(200);
    });
  });

  describe('When a correctly signed token has no expiry', () => {
    it('should refuse it', async () => {
      const claims = { id: 1, name: 'System Administrator', email: 'admin@platform.test', role: 'admin', is_admin: true, is_active: true };
      const forever = jwt.sign(claims, SECRET, { algorithm: 'HS256' });
      const expiring = jwt.sign(claims, SECRET, { algorithm: 'HS256', expiresIn: 60 });
      expect((await platform.request('/api/admin/getAllAdmins', { headers: bearer(expiring) })).status).toBe(200);
      expect(await platform.request('/api/admin/getAllAdmins', { headers: bearer(forever) })).toMatchObject({
        status: 401,
        body: { success: false, message: 'Invalid token' },
      });
    });
  });
});
