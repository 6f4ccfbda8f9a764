import { createHash } from 'node:crypto';
import { approvedInstitution, bearer, decodeToken, signInAsAdmin, type TestInstitution } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const WRONG_CREDENTIALS = 'Invalid email or password';

/** Waits into the next whole second, so a token issued before is strictly older than what follows. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 50));

const eventsOfType = async (platform: TestPlatform, type: string) =>
  (await platform.knex('events').where({ type }).count({ count: '*' }))[0].count;

describe('Session hardening', () => {
  let platform: TestPlatform;
  let admin: string;

  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = await signInAsAdmin(platform);
  });
  afterAll(async () => platform.close());

  const login = (kind: 'admin' | 'institution', email: string, password: string) =>
    platform.request(`/api/${kind}/login`, { method: 'POST', json: { email, password } });
  const profile = (token: string) => platform.request('/api/institution/profile/me', { headers: bearer(token) });

  describe('When 20 wrong passwords for one email arrive at once from one address', () => {
    it('should answer at most 5 of them 401 and the rest 429, logging no failure for the refused ones', async () => {
      const bank = await approvedInstitution(platform, admin);
      const failuresBefore = Number(await eventsOfType(platform, 'SignInFailed'));
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, guess) => login('institution', bank.email, `wrong-guess-${guess}`)),
      );
      const statuses = responses.map((response) => response.status);
      const unauthorised = statuses.filter((status) => status === 401).length;
      expect(unauthorised).toBeGreaterThan(0);
      expect(unauthorised).toBeLessThanOrEqual(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(20 - unauthorised);
      expect(responses.find((response) => response.status === 429)?.body.message).toMatch(/^Too many failed sign-in attempts/);
      expect(Number(await eventsOfType(platform, 'SignInFailed')) - failuresBefore).toBe(unauthorised);
      // From the address that failed, even the right password waits out the window (another address would not: signInThrottle.int.spec.ts).
      expect((await login('institution', bank.email, bank.password)).status).toBe(429);
    });
  });

  describe('When a rate-limited caller keeps trying', () => {
    it('should answer 429 without writing anything to the log', async () => {
      for (let guess = 0; guess < 5; guess += 1) {
        expect((await login('institution', 'locked-out@bank.test', `guess-${guess}-xx`)).body.message).toBe(WRONG_CREDENTIALS);
      }
      const head = (await platform.store.head()).position;
      for (let guess = 0; guess < 3; guess += 1) {
        expect((await login('institution', 'locked-out@bank.test', `guess-more-${guess}`)).status).toBe(429);
      }
      expect((await platform.store.head()).position).toBe(head);
      expect((await platform.knex('events').where({ type: 'SignInFailed' }).whereRaw("data->>'reason' = 'rate_limited'")).length).toBe(0);
    });
  });

  describe('When a right password follows wrong ones', () => {
    it('should not count the right one against the email', async () => {
      const bank = await approvedInstitution(platform, admin);
      for (let guess = 0; guess < 4; guess += 1) expect((await login('institution', bank.email, `nope-${guess}-xx`)).status).toBe(401);
      expect((await login('institution', bank.email, bank.password)).status).toBe(200);
      for (let guess = 0; guess < 4; guess += 1) expect((await login('institution', bank.email, `again-${guess}-xx`)).status).toBe(401);
      expect((await login('institution', bank.email, bank.password)).status).toBe(200);
    });
  });

  describe('When an institution signs out', () => {
    let bank: TestInstitution;

    beforeAll(async () => {
      bank = await approvedInstitution(platform, admin);
    });

    it('should refuse the signed-out token with 401, record the sign-out and its session on the account stream, and let a new sign-in work', async () => {
      expect((await profile(bank.token)).status).toBe(200);
      await nextSecond();
      const logout = await platform.request('/api/institution/logout', { method: 'POST', headers: bearer(bank.token) });
      expect(logout.status).toBe(200);

      const refused = await profile(bank.token);
      expect(refused).toMatchObject({ status: 401, body: { success: false, message: SESSION_ENDED } });
      const again = await platform.request('/api/auth/logout', { method: 'POST', headers: bearer(bank.token) });
      expect(again.status).toBe(401);

      const signedOut = (await platform.store.readStream(`institution-${bank.id}`)).filter((event) => event.type === 'UserSignedOut');
      expect(signedOut).toHaveLength(1);
      expect(signedOut[0].data).toEqual({
        kind: 'institution',
        userId: bank.id,
        session: createHash('sha256').update(bank.token).digest('hex'),
        sessionExpiresAt: decodeToken(bank.token).exp,
      });
      expect(JSON.stringify(signedOut[0])).not.toContain(bank.token);

      const fresh = await login('institution', bank.email, bank.password);
      expect(fresh.status).toBe(200);
      expect((await profile(fresh.body.token)).status).toBe(200);
      // Signing out and in again within one second still gives a live session.
      expect((await platform.request('/api/auth/logout', { method: 'POST', headers: bearer(fresh.body.token) })).status).toBe(200);
      const atOnce = await login('institution', bank.email, bank.password);
      expect((await profile(atOnce.body.token)).status).toBe(200);
    });

    it('should end only the session that signed out: the account’s other sessions go on, even one begun in the same second', async () => {
      const colleague = await approvedInstitution(platform, admin);
      const [desk, laptop] = await Promise.all(
        [1, 2].map(async () => (await login('institution', colleague.email, colleague.password)).body.token as string),
      );
      expect(desk).not.toBe(laptop);

      expect((await platform.request('/api/institution/logout', { method: 'POST', headers: bearer(desk) })).status).toBe(200);
      expect((await profile(desk)).body.message).toBe(SESSION_ENDED);
      expect((await profile(colleague.token)).status).toBe(200);
      expect((await profile(laptop)).status).toBe(200);
    });
  });

  describe('When an administrator signs out', () => {
    it('should end that administrator’s session only', async () => {
      const created = await platform.request('/api/admin/create', {
        method: 'POST',
        headers: bearer(admin),
        json: { name: 'Leaving Admin', email: 'leaving@admins.test', password: 'Leaving-pass-1' },
      });
      const leaving = await signInAsAdmin(platform, { email: 'leaving@admins.test', password: 'Leaving-pass-1' });
      await nextSecond();
      expect((await platform.request('/api/admin/logout', { method: 'POST', headers: bearer(leaving) })).status).toBe(200);
      const list = (token: string) => platform.request('/api/admin/getAllAdmins', { headers: bearer(token) });
      expect(await list(leaving)).toMatchObject({ status: 401, body: { message: SESSION_ENDED } });
      expect((await list(admin)).status).toBe(200);
      const events = await platform.store.readStream(`admin-${created.body.data.id}`);
      expect(events.map((event) => event.type)).toEqual(['AdminCreated', 'UserSignedOut']);
    });
  });

  describe('When a password is reset', () => {
    it('should refuse tokens issued before the reset', async () => {
      const bank = await approvedInstitution(platform, admin);
      await nextSecond();
      expect((await platform.request('/api/auth/reset-password', { method: 'POST', json: { email: bank.email } })).status).toBe(200);
      const mail = await platform.knex('mail_outbox').where({ recipient: bank.email }).orderBy('id', 'desc').first('body');
      const code = /\b(\d{6})\b/.exec(mail.body)?.[1];
      const reset = await platform.request('/api/auth/set-new-password', {
        method: 'POST',
        json: { email: bank.email, code, newPassword: 'Brand-new-pass-1!', confirmPassword: 'Brand-new-pass-1!' },
      });
      expect(reset.status).toBe(200);
      expect(await profile(bank.token)).toMatchObject({ status: 401, body: { message: SESSION_ENDED } });
      const fresh = await login('institution', bank.email, 'Brand-new-pass-1!');
      expect((await profile(fresh.body.token)).status).toBe(200);
    });
  });

  describe('When an administrator changes another administrator’s password', () => {
    it('should end that administrator’s older sessions', async () => {
      const created = await platform.request('/api/admin/create', {
        method: 'POST',
        headers: bearer(admin),
        json: { name: 'Rotated Admin', email: 'rotated@admins.test', password: 'Rotated-pass-1' },
      });
      const rotated = await signInAsAdmin(platform, { email: 'rotated@admins.test', password: 'Rotated-pass-1' });
      expect(decodeToken(rotated).id).toBe(created.body.data.id);
      await nextSecond();
      const changed = await platform.request(`/api/admin/update/${created.body.data.id}`, {
        method: 'PUT',
        headers: bearer(admin),
        json: { name: 'Rotated Admin', email: 'rotated@admins.test', password: 'Rotated-pass-2' },
      });
      expect(changed.status).toBe(200);
      const list = await platform.request('/api/admin/getAllAdmins', { headers: bearer(rotated) });
      expect(list).toMatchObject({ status: 401, body: { message: SESSION_ENDED } });
    });
  });
});

describe('Per-network limits on open routes', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform({ env: { REGISTRATION_LIMIT_PER_HOUR: '3', RESET_REQUEST_LIMIT_PER_IP: '4' } });
  });
  afterAll(async () => platform.close());

  describe('When one network registers too many institutions', () => {
    it('should refuse the registration past the limit with 429 and record nothing for it', async () => {
      const register = (n: number) =>
        platform.request('/api/institution/create', {
          method: 'POST',
          json: { name: `Flood Bank ${n}`, email: `flood-${n}@bank.test`, password: 'Flood-pass-1' },
        });
      // A form that fails validation writes nothing and does not count.
      const invalid = await platform.request('/api/institution/create', { method: 'POST', json: { name: 'X' } });
      expect(invalid.status).toBe(400);
      for (let n = 1; n <= 3; n += 1) expect((await register(n)).status).toBe(201);
      const refused = await register(4);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many registrations from this network\. Please try again in \d+ minutes?\.$/);
      expect(await eventsOfType(platform, 'InstitutionRegistered')).toBe('3');
    });
  });

  describe('When one network asks for too many password resets', () => {
    it('should refuse past the limit with 429, whatever the emails', async () => {
      for (let n = 1; n <= 4; n += 1) {
        const asked = await platform.request('/api/auth/reset-password', { method: 'POST', json: { email: `someone-${n}@bank.test` } });
        expect(asked.status).toBe(200);
      }
      const refused = await platform.request('/api/auth/reset-password', { method: 'POST', json: { email: 'someone-5@bank.test' } });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many password reset requests/);
    });
  });
});
