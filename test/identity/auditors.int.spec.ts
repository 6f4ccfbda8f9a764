import {
  approvedInstitution,
  bearer,
  decodeToken,
  signedInAuditor,
  signInAsAdmin,
  type TestAuditor,
  type TestInstitution,
} from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';
import { csvOf, settledBatch, starterRows, upload } from '../support/uploads';

const READ_ONLY = { status: 403, body: { success: false, message: 'Auditors have read-only access' } };

describe('Auditors', () => {
  let platform: TestPlatform;
  let admin: string;
  let bank: TestInstitution;
  let auditor: TestAuditor;
  let batchId: number;

  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = await signInAsAdmin(platform);
    bank = await approvedInstitution(platform, admin, 'Banque Auditée');
    const { headers, rows } = starterRows(5, 22);
    const uploaded = await upload(platform, bank.token, { name: 'clients.csv', content: csvOf(headers, rows) });
    expect(uploaded.status).toBe(201);
    batchId = uploaded.body.data.batch.id as number;
    await settledBatch(platform, bank.token, batchId, uploaded.body.position);
    auditor = await signedInAuditor(platform, admin, 'Aude Auditrice');
  });
  afterAll(async () => platform.close());

  const request = (path: string, token: string, method = 'GET', json?: unknown) =>
    platform.request(path, { method, headers: bearer(token), ...(json === undefined ? {} : { json }) });
  const create = (json: Record<string, unknown>) => request('/api/admin/create', admin, 'POST', json);
  const login = (email: string, password: string) => platform.request('/api/admin/login', { method: 'POST', json: { email, password } });
  const admins = async (token = admin) =>
    (await request('/api/admin/getAllAdmins', token)).body.data as { id: number; email: string; role: string; is_active: boolean }[];

  describe('When an administrator creates a platform account', () => {
    it('should create an auditor when asked, an administrator by default, and show each role in the answer and the list', async () => {
      const password = 'Platform-pass-1';
      const audit = await create({ name: 'Paul Auditor', email: 'paul@audit.test', password, confirmPassword: password, role: 'auditor' });
      expect(audit).toMatchObject({ status: 201, body: { data: { name: 'Paul Auditor', role: 'auditor', is_active: true } } });
      const plain = await create({ name: 'Nina Admin', email: 'nina@admins.test', password, confirmPassword: password });
      expect(plain).toMatchObject({ status: 201, body: { data: { role: 'administrator' } } });
      const explicit = await create({ name: 'Omar Admin', email: 'omar@admins.test', password, role: 'administrator' });
      expect(explicit).toMatchObject({ status: 201, body: { data: { role: 'administrator' } } });

      const list = await admins();
      const roleOf = (email: string) => list.find((row) => row.email === email)?.role;
      expect([roleOf('paul@audit.test'), roleOf('nina@admins.test'), roleOf('omar@admins.test')]).toEqual([
        'auditor',
        'administrator',
        'administrator',
      ]);
      expect(list.every((row) => row.role === 'administrator' || row.role === 'auditor')).toBe(true);
      // The auditor sees the same list, roles included.
      expect(await admins(auditor.token)).toEqual(list);
    });

    it.each([['Auditor'], ['admin'], [''], [7], [['auditor']], [null]])(
      'should refuse the role %j with a 400 naming the choices',
      async (role) => {
        const response = await create({ name: 'Wrong Role', email: 'wrong-role@admins.test', password: 'Wrong-role-1', role });
        expect(response).toMatchObject({ status: 400, body: { success: false, message: 'Role must be one of: administrator, auditor' } });
        expect((await admins()).some((row) => row.email === 'wrong-role@admins.test')).toBe(false);
      },
    );
  });

  describe('When an auditor signs in through the admin login', () => {
    it('should answer with the auditor role and a platform token that names it', async () => {
      const signedIn = await login(auditor.email, auditor.password);
      expect(signedIn).toMatchObject({ status: 200, body: { success: true, adminName: 'Aude Auditrice', adminRole: 'auditor' } });
      expect(decodeToken(signedIn.body.token as string)).toMatchObject({ role: 'admin', is_admin: true, admin_role: 'auditor' });
      const administrator = await login('admin@platform.test', 'Admin-Passw0rd!');
      expect(administrator.body.adminRole).toBe('administrator');
      expect(decodeToken(administrator.body.token as string).admin_role).toBe('administrator');
    });

    it('should record the sign-in with the actor role auditor in the audit log', async () => {
      const signedIn = await login(auditor.email, auditor.password);
      const audit = await platform.request('/api/admin/audit?action=login&limit=100', {
        headers: { ...bearer(auditor.token), 'X-Min-Position': String(signedIn.body.position) },
      });
      expect(audit.status).toBe(200);
      const own = (audit.body.data.logs as { eventType: string; actor: { id: string; role: string } }[]).filter(
        (entry) => entry.eventType === 'UserSignedIn' && entry.actor.id === String(auditor.id),
      );
      expect(own.length).toBeGreaterThan(0);
      expect(new Set(own.map((entry) => entry.actor.role))).toEqual(new Set(['auditor']));
    });
  });

  describe('When an auditor verifies the log', () => {
    it('should run the verification and name it an auditor’s in the audit log', async () => {
      const verified = await request('/api/admin/compliance/verify', auditor.token, 'POST');
      expect(verified.status).toBe(200);
      const audit = await platform.request('/api/admin/audit?limit=100', {
        headers: { ...bearer(admin), 'X-Min-Position': String(verified.body.position) },
      });
      const rows = (audit.body.data.logs as { eventType: string; actor: { id: string; role: string } }[]).filter(
        (entry) => entry.eventType === 'LogVerified',
      );
      expect(rows[0]?.actor).toMatchObject({ id: String(auditor.id), role: 'auditor' });
    });
  });

  describe('When an auditor reads', () => {
    it.each([
      '/api/admin/dashboard',
      '/api/admin/audit',
      '/api/admin/institutions',
      '/api/institution/getAllInstitutions',
      '/api/admin/getAllAdmins',
      '/api/admin/system',
      '/api/admin/settings',
      '/api/variable/all',
      '/api/parameter/all',
      '/api/results',
      '/api/csv/batches',
    ])('should serve %s as to an administrator', async (path) => {
      const asAuditor = await request(path, auditor.token);
      expect(`${path} ${asAuditor.status}`).toBe(`${path} 200`);
      expect(asAuditor.body.success).toBe(true);
    });

    it("should serve any institution's details, audit trail, batches and results", async () => {
      for (const path of [
        `/api/institution/${bank.id}`,
        `/api/institution/${bank.id}/audit`,
        `/api/result/institution/${bank.id}`,
        `/api/csv/batch/${batchId}`,
        `/api/result/batch/${batchId}`,
        `/api/institution/getParameters/${bank.id}`,
      ]) {
        const response = await request(path, auditor.token);
        expect(`${path} ${response.status}`).toBe(`${path} 200`);
      }
      const results = await request(`/api/result/institution/${bank.id}`, auditor.token);
      expect(JSON.stringify(results.body)).toContain('"success":true');
    });
  });

  describe('When an auditor sends a command', () => {
    it('should refuse every one with 403 before anything is written', async () => {
      const pending = await platform.request('/api/institution/create', {
        method: 'POST',
        json: { name: 'Pending Bank', email: 'pending@audited.test', password: 'Pending-pass-1' },
      });
      const pendingId = pending.body.data.id as number;
      const nina = (await admins()).find((row) => row.email === 'nina@admins.test') as { id: number };
      const before = (await platform.store.head()).position;
      const commands: [method: string, path: string, json?: unknown][] = [
        ['POST', `/api/admin/institutions/${pendingId}/approve`],
        ['POST', `/api/admin/institutions/${pendingId}/reject`, { reason: 'Auditors decide nothing' }],
        ['PATCH', `/api/admin/institutions/${pendingId}/approval`, { status: 'approved' }],
        ['POST', `/api/institution/deactivate/${bank.id}`, { comment: 'no' }],
        ['DELETE', `/api/admin/institutions/${bank.id}`],
        ['PUT', `/api/admin/institutions/${bank.id}`, { name: 'Renamed By Auditor' }],
        ['POST', '/api/admin/create', { name: 'Sneaky', email: 'sneaky@admins.test', password: 'Sneaky-pass-1', role: 'administrator' }],
        ['PUT', `/api/admin/update/${nina.id}`, { name: 'Nina', email: 'nina@admins.test', role: 'auditor' }],
        ['PUT', `/api/admin/update/${auditor.id}`, { name: auditor.name, email: auditor.email, role: 'administrator' }],
        ['DELETE', `/api/admin/deactivate/${nina.id}`],
        ['POST', '/api/variableCategory/create', { name: 'Audit', description: 'x', creditLimitWeight: 1, interestRateWeight: 1 }],
        ['DELETE', '/api/variable/delete/1'],
        ['PUT', '/api/admin/settings', { platformName: 'Audited' }],
        ['POST', `/api/institution/setParameters/${bank.id}`, { parameters: [] }],
        ['POST', `/api/institution/resetParameters/${bank.id}`],
        ['POST', '/api/admin/no-such-command'],
      ];
      for (const [method, path, json] of commands) {
        const response = await request(path, auditor.token, method, json ?? {});
        expect({ command: `${method} ${path}`, status: response.status, body: response.body }).toEqual({
          command: `${method} ${path}`,
          ...READ_ONLY,
        });
      }
      const form = new FormData();
      form.append('batchName', 'Auditor batch');
      form.append('institutionId', String(bank.id));
      form.append('csvFile', new Blob(['reference_number\n1\n']), 'clients.csv');
      const uploaded = await platform.request('/api/csv/upload', { method: 'POST', body: form, headers: bearer(auditor.token) });
      expect({ status: uploaded.status, body: uploaded.body }).toEqual(READ_ONLY);
      expect((await platform.store.head()).position).toBe(before);
    });

    it('should let the auditor change its own profile and password and sign out, but not its own role', async () => {
      const own = await request('/api/admin/profile', auditor.token, 'PUT', { name: 'Aude A. Auditrice' });
      expect(own).toMatchObject({ status: 200, body: { data: { name: 'Aude A. Auditrice', role: 'auditor' } } });
      const promoted = await request('/api/admin/profile', auditor.token, 'PUT', { role: 'administrator' });
      expect(promoted).toMatchObject({ status: 403, body: { message: 'You cannot change the role of your own account' } });
      const newPassword = 'Auditor-new-pass-2';
      const changed = await request('/api/admin/profile', auditor.token, 'PUT', { password: newPassword, confirmPassword: newPassword });
      expect(changed.status).toBe(200);
      auditor.password = newPassword;
      auditor.token = (await login(auditor.email, newPassword)).body.token as string;
      const signedOut = await request('/api/admin/logout', auditor.token, 'POST');
      expect(signedOut.status).toBe(200);
      expect((await request('/api/admin/dashboard', auditor.token)).status).toBe(401);
      auditor.token = (await login(auditor.email, newPassword)).body.token as string;
      expect((await admins()).find((row) => row.id === auditor.id)?.role).toBe('auditor');
    });
  });

  describe("When an administrator changes an account's role", () => {
    it('should end the account’s sessions, and its next sign-in carries the new role and its rights', async () => {
      const password = 'Role-change-pass-1';
      const created = await create({ name: 'Rita Role', email: 'rita@audit.test', password, role: 'auditor' });
      const rita = { id: created.body.data.id as number, token: (await login('rita@audit.test', password)).body.token as string };
      expect(await request('/api/variableCategory/create', rita.token, 'POST', {})).toMatchObject(READ_ONLY);

      const promoted = await request(`/api/admin/update/${rita.id}`, admin, 'PUT', {
        name: 'Rita Role',
        email: 'rita@audit.test',
        role: 'administrator',
      });
      expect(promoted).toMatchObject({ status: 200, body: { data: { role: 'administrator' } } });
      expect((await request('/api/admin/dashboard', rita.token)).status).toBe(401);
      const again = await login('rita@audit.test', password);
      expect(again.body.adminRole).toBe('administrator');
      // A command now reaches its route (and fails there on its empty form, not on the role).
      const command = await request('/api/variableCategory/create', again.body.token as string, 'POST', {});
      expect(command.status).toBe(400);

      const demoted = await request(`/api/admin/update/${rita.id}`, admin, 'PUT', {
        name: 'Rita Role',
        email: 'rita@audit.test',
        role: 'auditor',
      });
      expect(demoted).toMatchObject({ status: 200, body: { data: { role: 'auditor' } } });
      const audit = await platform.request('/api/admin/audit?limit=100', {
        headers: { ...bearer(admin), 'X-Min-Position': String(demoted.body.position) },
      });
      const descriptions = (audit.body.data.logs as { description: string }[]).map((entry) => entry.description);
      expect(descriptions).toContain(`Role of administrator #${rita.id} changed to administrator`);
      expect(descriptions).toContain(`Role of administrator #${rita.id} changed to auditor`);
      expect(descriptions).toContain('Auditor Rita Role (rita@audit.test) created');
      expect((await admins()).find((row) => row.id === rita.id)?.role).toBe('auditor');
    });

    it('should refuse an administrator changing its own role, and an unknown role', async () => {
      const me = (await admins()).find((row) => row.email === 'admin@platform.test') as { id: number };
      const own = await request(`/api/admin/update/${me.id}`, admin, 'PUT', {
        name: 'System Administrator',
        email: 'admin@platform.test',
        role: 'auditor',
      });
      expect(own).toMatchObject({ status: 403, body: { message: 'You cannot change the role of your own account' } });
      const unknown = await request(`/api/admin/update/${auditor.id}`, admin, 'PUT', {
        name: auditor.name,
        email: auditor.email,
        role: 'root',
      });
      expect(unknown).toMatchObject({ status: 400, body: { message: 'Role must be one of: administrator, auditor' } });
      expect((await admins()).find((row) => row.id === me.id)?.role).toBe('administrator');
    });

    it('should let an administrator deactivate an auditor', async () => {
      const password = 'Leaving-pass-1';
      const created = await create({ name: 'Leo Leaving', email: 'leo@audit.test', password, role: 'auditor' });
      const deactivated = await request(`/api/admin/deactivate/${created.body.data.id}`, admin, 'DELETE');
      expect(deactivated.status).toBe(200);
      expect((await login('leo@audit.test', password)).status).toBe(403);
    });
  });
});
