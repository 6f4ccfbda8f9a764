import { approvedInstitution, bearer, signInAsAdmin } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

describe('User management and institution profiles', () => {
  let platform: TestPlatform;
  let admin: string;

  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = await signInAsAdmin(platform);
  });
  afterAll(async () => platform.close());

  const login = (email: string, password: string) =>
    platform.request('/api/institution/login', { method: 'POST', json: { email, password } });
  const asOf = (position: number, token = admin) => ({ ...bearer(token), 'X-Min-Position': String(position) });
  const listed = async (position: number) =>
    (await platform.request('/api/institution/getAllInstitutions', { headers: asOf(position) })).body.data as {
      id: number;
      name: string;
      email: string;
    }[];

  describe('When an admin edits an institution’s name and email', () => {
    it('should change both, move sign-in to the new email and free the old one', async () => {
      const bank = await approvedInstitution(platform, admin, 'Crédit Communautaire');
      const edited = await platform.request(`/api/admin/institutions/${bank.id}`, {
        method: 'PUT',
        headers: bearer(admin),
        json: { name: 'Crédit Communautaire d’Afrique', email: 'contact@cca.test' },
      });
      expect(edited.status).toBe(200);
      expect((await listed(edited.body.position)).find((row) => row.id === bank.id)).toMatchObject({
        name: 'Crédit Communautaire d’Afrique',
        email: 'contact@cca.test',
      });
      expect((await login('contact@cca.test', bank.password)).status).toBe(200);
      expect((await login(bank.email, bank.password)).status).toBe(401);
      const reuse = await platform.request('/api/institution/create', {
        method: 'POST',
        json: { name: 'Reuses Old Email', email: bank.email, password: 'Reuse-pass-1' },
      });
      expect(reuse.status).toBe(201);
    });

    it('should refuse an email another institution uses with 409, on both paths', async () => {
      const first = await approvedInstitution(platform, admin);
      const second = await approvedInstitution(platform, admin);
      for (const path of [`/api/admin/institutions/${second.id}`, `/api/institution/update/${second.id}`]) {
        const response = await platform.request(path, {
          method: 'PUT',
          headers: bearer(admin),
          json: { email: first.email.toUpperCase() },
        });
        expect(response).toMatchObject({
          status: 409,
          body: { success: false, message: 'An institution with this email is already registered' },
        });
      }
      expect((await login(second.email, second.password)).status).toBe(200);
    });

    it('should apply the registration rules to the new name and email', async () => {
      const bank = await approvedInstitution(platform, admin);
      const path = `/api/admin/institutions/${bank.id}`;
      const short = await platform.request(path, { method: 'PUT', headers: bearer(admin), json: { name: 'X' } });
      expect(short).toMatchObject({ status: 400, body: { message: 'Institution name must be at least 2 characters' } });
      const bad = await platform.request(path, { method: 'PUT', headers: bearer(admin), json: { email: 'nope' } });
      expect(bad).toMatchObject({ status: 400, body: { message: 'Please enter a valid email address' } });
    });
  });

  describe('When an admin closes an institution’s account', () => {
    it('should stop its sign-in and sessions, drop it from the lists and keep its history in the audit log', async () => {
      const bank = await approvedInstitution(platform, admin, 'Closing Savings Bank');
      const closed = await platform.request(`/api/admin/institutions/${bank.id}`, { method: 'DELETE', headers: bearer(admin) });
      expect(closed.status).toBe(200);

      const signIn = await login(bank.email, bank.password);
      expect(signIn.status).toBe(401);
      expect(signIn.body.token).toBeUndefined();
      const session = await platform.request(`/api/institution/${bank.id}`, { headers: bearer(bank.token) });
      expect(session.status).toBe(401);
      const head = (await platform.store.head()).position;
      const failures = await platform.request(`/api/admin/audit?action=login&search=${encodeURIComponent(bank.email)}`, {
        headers: asOf(head),
      });
      expect(failures.body.data.logs[0].description).toBe(`Failed sign-in for ${bank.email} (unknown email)`);

      expect((await listed(closed.body.position)).map((row) => row.id)).not.toContain(bank.id);
      const approvals = await platform.request('/api/admin/institutions?status=all', { headers: asOf(closed.body.position) });
      expect(approvals.body.data.institutions.map((row: { id: number }) => row.id)).not.toContain(bank.id);
      expect((await platform.request(`/api/institution/${bank.id}`, { headers: asOf(closed.body.position) })).status).toBe(404);

      const history = await platform.request(`/api/admin/audit?institutionId=${bank.id}&limit=100`, {
        headers: asOf(closed.body.position),
      });
      expect(history.body.data.logs.map((row: { description: string }) => row.description)).toEqual([
        `Closed the account of institution REG-${bank.id}`,
        `Institution ${bank.email} signed in`,
        `Approved institution REG-${bank.id}`,
        'Institution Closing Savings Bank registered',
      ]);
      expect((await platform.request(`/api/admin/institutions/${bank.id}`, { method: 'DELETE', headers: bearer(admin) })).status).toBe(404);
    });

    it('should close through /institution/delete/{id} as well, and refuse institutions', async () => {
      const bank = await approvedInstitution(platform, admin);
      const refused = await platform.request(`/api/institution/delete/${bank.id}`, { method: 'DELETE', headers: bearer(bank.token) });
      expect(refused.status).toBe(403);
      const closed = await platform.request(`/api/institution/delete/${bank.id}`, { method: 'DELETE', headers: bearer(admin) });
      expect(closed.status).toBe(200);
      expect((await login(bank.email, bank.password)).status).toBe(401);
    });
  });

  describe('When an institution edits its own profile', () => {
    it('should change its name and logo, re-check a new email’s uniqueness, and show the new name at the next sign-in', async () => {
      const bank = await approvedInstitution(platform, admin, 'Profile Bank');
      const other = await approvedInstitution(platform, admin);
      const logo = 'data:image/png;base64,iVBORw0KGgo=';
      const changed = await platform.request('/api/institution/profile', {
        method: 'PUT',
        headers: bearer(bank.token),
        json: { name: 'Profile Bank Plc', logo },
      });
      // The logo is answered by its URL (test/identity/secondProbe.int.spec.ts serves it), never as the image.
      const logoUrl = expect.stringMatching(new RegExp(`^/api/institution/${bank.id}/logo\\?v=`));
      expect(changed).toMatchObject({ status: 200, body: { data: { id: bank.id, name: 'Profile Bank Plc', logoUrl } } });
      const me = await platform.request('/api/institution/profile/me', { headers: asOf(changed.body.position, bank.token) });
      expect(me.body.data).toMatchObject({ id: bank.id, name: 'Profile Bank Plc', logoUrl });

      const taken = await platform.request('/api/institution/profile', {
        method: 'PUT',
        headers: bearer(bank.token),
        json: { email: other.email },
      });
      expect(taken).toMatchObject({ status: 409, body: { message: 'An institution with this email is already registered' } });

      const signIn = await login(bank.email, bank.password);
      expect(signIn.body).toMatchObject({ institutionName: 'Profile Bank Plc', institutionLogo: logoUrl });
      const image = await fetch(`${platform.url}${signIn.body.institutionLogo}`);
      expect(Buffer.from(await image.arrayBuffer())).toEqual(Buffer.from(logo.split(',')[1], 'base64'));
    });

    it('should not let an administrator use the institution profile', async () => {
      const response = await platform.request('/api/institution/profile', {
        method: 'PUT',
        headers: bearer(admin),
        json: { name: 'Admin Bank' },
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Institution ID is required');
    });
  });
});
