import { bearer, decodeToken, signInAsAdmin } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

describe('Administrators', () => {
  let platform: TestPlatform;
  let admin: string;

  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = await signInAsAdmin(platform);
  });
  afterAll(async () => platform.close());

  const create = (json: Record<string, unknown>, token = admin) =>
    platform.request('/api/admin/create', { method: 'POST', headers: bearer(token), json });
  const login = (email: string, password: string) => platform.request('/api/admin/login', { method: 'POST', json: { email, password } });
  const update = (id: number, json: Record<string, unknown>, token = admin) =>
    platform.request(`/api/admin/update/${id}`, { method: 'PUT', headers: bearer(token), json });
  const deactivate = (id: number, token = admin) =>
    platform.request(`/api/admin/deactivate/${id}`, { method: 'DELETE', headers: bearer(token) });
  const newAdmin = async (name: string, email: string, password = 'Admin-pass-123') => {
    const created = await create({ name, email, password, confirmPassword: password });
    expect(created.status).toBe(201);
    return { id: created.body.data.id as number, email, password, token: (await login(email, password)).body.token as string };
  };
  const admins = async (position: number) =>
    (await platform.request('/api/admin/getAllAdmins', { headers: { ...bearer(admin), 'X-Min-Position': String(position) } })).body
      .data as { id: number; name: string; email: string; is_active: boolean }[];

  describe('When creating an administrator', () => {
    it.each([
      [{ email: 'a@admins.test', password: 'long-enough', confirmPassword: 'long-enough' }, 'Name is required'],
      [{ name: 'Ada', password: 'long-enough', confirmPassword: 'long-enough' }, 'Email is required'],
      [{ name: 'Ada', email: 'not-an-email', password: 'long-enough' }, 'Invalid email format'],
      [{ name: 'Ada', email: 'a@admins.test' }, 'Password is required'],
      [{ name: 'Ada', email: 'a@admins.test', password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
      [{ name: 'Ada', email: 'a@admins.test', password: 'long-enough', confirmPassword: 'long-enougH' }, 'Passwords do not match'],
    ])('should refuse %j with the spec message', async (json, message) => {
      const response = await create(json);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, message });
    });

    it('should create one, never echo the password, and refuse the same email in any case with 409', async () => {
      const created = await create({
        name: 'Ada Admin',
        email: 'Ada@Admins.test',
        password: 'Ada-pass-123',
        confirmPassword: 'Ada-pass-123',
      });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ name: 'Ada Admin', email: 'Ada@Admins.test', is_active: true });
      expect(JSON.stringify(created.body)).not.toContain('Ada-pass-123');
      const again = await create({ name: 'Other', email: 'ada@ADMINS.test', password: 'Ada-pass-123' });
      expect(again).toMatchObject({ status: 409, body: { success: false, message: 'An administrator with this email already exists' } });
      const list = await admins(created.body.position);
      expect(list.filter((row) => row.email.toLowerCase() === 'ada@admins.test')).toHaveLength(1);
    });
  });

  describe('When updating an administrator', () => {
    it('should keep the old password when the password is left blank', async () => {
      const bob = await newAdmin('Bob', 'bob@admins.test', 'Bob-original-1');
      const renamed = await update(bob.id, { name: 'Bob Renamed', email: bob.email, password: '', confirmPassword: '' });
      expect(renamed.status).toBe(200);
      expect((await login(bob.email, 'Bob-original-1')).status).toBe(200);
      expect((await admins(renamed.body.position)).find((row) => row.id === bob.id)?.name).toBe('Bob Renamed');
    });

    it('should change the password when one is given, and check its length and confirmation', async () => {
      const cleo = await newAdmin('Cleo', 'cleo@admins.test', 'Cleo-original-1');
      expect((await update(cleo.id, { name: 'Cleo', email: cleo.email, password: 'short' })).body.message).toBe(
        'Password must be at least 8 characters',
      );
      expect(
        (await update(cleo.id, { name: 'Cleo', email: cleo.email, password: 'Cleo-new-pass-1', confirmPassword: 'x' })).body.message,
      ).toBe('Passwords do not match');
      const changed = await update(cleo.id, {
        name: 'Cleo',
        email: cleo.email,
        password: 'Cleo-new-pass-1',
        confirmPassword: 'Cleo-new-pass-1',
      });
      expect(changed.status).toBe(200);
      expect((await login(cleo.email, 'Cleo-new-pass-1')).status).toBe(200);
      expect((await login(cleo.email, 'Cleo-original-1')).status).toBe(401);
    });

    it('should refuse to take another administrator’s email', async () => {
      const dan = await newAdmin('Dan', 'dan@admins.test');
      const response = await update(dan.id, { name: 'Dan', email: 'ADA@admins.test' });
      expect(response).toMatchObject({ status: 409, body: { message: 'An administrator with this email already exists' } });
    });

    it('should answer 404 for an administrator that does not exist', async () => {
      expect((await update(424242, { name: 'Ghost', email: 'ghost@admins.test' })).status).toBe(404);
    });
  });

  describe('When deactivating an administrator', () => {
    it('should refuse to deactivate oneself with 403', async () => {
      const eve = await newAdmin('Eve', 'eve@admins.test');
      const response = await deactivate(eve.id, eve.token);
      expect(response).toMatchObject({
        status: 403,
        body: { success: false, message: 'You cannot deactivate your own administrator account' },
      });
    });

    it('should deactivate another one, who then cannot sign in (403 deactivated) nor use an open session, and refuse doing it twice', async () => {
      const fay = await newAdmin('Fay', 'fay@admins.test', 'Fay-pass-1234');
      const response = await deactivate(fay.id);
      expect(response).toMatchObject({ status: 200, body: { data: { id: fay.id, is_active: false } } });
      const signIn = await login(fay.email, 'Fay-pass-1234');
      expect(signIn.status).toBe(403);
      expect(signIn.body.message).toContain('deactivated');
      const session = await platform.request('/api/admin/getAllAdmins', { headers: bearer(fay.token) });
      expect(session.status).toBe(403);
      expect(session.body.message).toContain('deactivated');
      expect((await deactivate(fay.id)).status).toBe(409);
      expect((await admins(response.body.position)).find((row) => row.id === fay.id)?.is_active).toBe(false);
    });
  });

  describe('When an administrator edits their own profile', () => {
    it('should merge a partial change into the account and keep the password', async () => {
      const gus = await newAdmin('Gus', 'gus@admins.test', 'Gus-pass-1234');
      const photo = 'data:image/png;base64,iVBORw0KGgo=';
      const changed = await platform.request('/api/admin/profile', {
        method: 'PUT',
        headers: bearer(gus.token),
        json: { profilePhoto: photo },
      });
      expect(changed.status).toBe(200);
      expect(changed.body.data).toMatchObject({ id: gus.id, name: 'Gus', email: gus.email, profilePhoto: photo });
      const renamed = await platform.request('/api/admin/profile', {
        method: 'PUT',
        headers: bearer(gus.token),
        json: { name: 'Gustave' },
      });
      expect(renamed.body.data).toMatchObject({ name: 'Gustave', email: gus.email });
      const row = (await admins(renamed.body.position)).find((admin) => admin.id === gus.id);
      expect(row).toMatchObject({ name: 'Gustave', profilePhoto: photo });
      expect((await login(gus.email, 'Gus-pass-1234')).status).toBe(200);
      const blank = await platform.request('/api/admin/profile', { method: 'PUT', headers: bearer(gus.token), json: { name: ' ' } });
      expect(blank).toMatchObject({ status: 400, body: { message: 'Name is required' } });
    });
  });
});

describe('The last active administrator', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(async () => platform.close());

  it('should survive two administrators deactivating each other at the same moment', async () => {
    const first = await signInAsAdmin(platform);
    const made = [];
    for (const name of ['Hana', 'Ivo']) {
      const email = `${name.toLowerCase()}@last.test`;
      const created = await platform.request('/api/admin/create', {
        method: 'POST',
        headers: bearer(first),
        json: { name, email, password: 'Last-admin-123' },
      });
      const token = await signInAsAdmin(platform, { email, password: 'Last-admin-123' });
      made.push({ id: created.body.data.id as number, token });
    }
    const [hana, ivo] = made;
    // Leave exactly two active administrators, Hana and Ivo.
    const firstAdmin = decodeToken(first).id as number;
    expect((await platform.request(`/api/admin/deactivate/${firstAdmin}`, { method: 'DELETE', headers: bearer(hana.token) })).status).toBe(
      200,
    );

    const [one, other] = await Promise.all([
      platform.request(`/api/admin/deactivate/${ivo.id}`, { method: 'DELETE', headers: bearer(hana.token) }),
      platform.request(`/api/admin/deactivate/${hana.id}`, { method: 'DELETE', headers: bearer(ivo.token) }),
    ]);
    const statuses = [one.status, other.status].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const refused = one.status === 200 ? other : one;
    if (refused.status === 409) expect(refused.body.message).toBe('The last active administrator cannot be deactivated');
    const winner = one.status === 200 ? hana : ivo;
    const list = await platform.request('/api/admin/getAllAdmins', {
      headers: { ...bearer(winner.token), 'X-Min-Position': String((await platform.store.head()).position) },
    });
    expect(list.body.data.filter((row: { is_active: boolean }) => row.is_active).map((row: { id: number }) => row.id)).toEqual([winner.id]);
  });
});
