import { randomBytes } from 'node:crypto';
import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

const SENT = 'If an account exists for this email, a 6-digit reset code has been sent to it.';
const INVALID_CODE = 'Invalid reset code';
const TOO_MANY = 'Too many incorrect attempts: this reset code is no longer valid. Please request a new one.';
const USED = 'This reset code has already been used. Please request a new one.';
const EXPIRED = 'This reset code has expired. Please request a new one.';

type Json = Record<string, unknown>;

/** Every code and password the tests typed, so the last test can look for them in the event log. */
const secrets = new Set<string>();

function resetClient(platform: TestPlatform) {
  const post = (path: string, json: Json) => platform.request(`/api/auth/${path}`, { method: 'POST', json });
  return {
    request: (email: string, extra: Json = {}) => post('reset-password', { email, ...extra }),
    verify: (email: string, code: string, path = 'verify-reset-code') => post(path, { email, code }),
    setPassword: (email: string, code: string, newPassword: string, confirmPassword = newPassword, path = 'set-new-password') => {
      secrets.add(newPassword);
      return post(path, { email, code, newPassword, confirmPassword });
    },
    /** The code of the newest reset mail to `email`, read from the outbox as a user reads their mail. */
    codeFor: async (email: string): Promise<string> => {
      const row = await platform
        .knex('mail_outbox')
        .whereRaw('lower(recipient) = lower(?)', [email])
        .andWhere({ subject: 'Your password reset code' })
        .orderBy('id', 'desc')
        .first('body');
      const code = /\b(\d{6})\b/.exec(row?.body ?? '')?.[1];
      if (!code) throw new Error(`no reset mail for ${email}`);
      secrets.add(code);
      return code;
    },
    resetMails: (email: string) => platform.knex('mail_outbox').where({ recipient: email, subject: 'Your password reset code' }),
    login: (kind: 'admin' | 'institution', email: string, password: string) =>
      platform.request(`/api/${kind}/login`, { method: 'POST', json: { email, password } }),
  };
}

/** A code that is not `code`, still six digits. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('Password reset', () => {
  let platform: TestPlatform;
  let admin: string;
  let reset: ReturnType<typeof resetClient>;

  beforeAll(async () => {
    // Every request here comes from one address: more than the per-address limit a real network gets.
    platform = await startTestPlatform({ env: { RESET_REQUEST_LIMIT_PER_IP: '200' } });
    admin = await signInAsAdmin(platform);
    reset = resetClient(platform);
  });
  afterAll(async () => platform.close());

  const institution = async (): Promise<TestInstitution> => {
    const created = await approvedInstitution(platform, admin);
    secrets.add(created.password);
    return created;
  };

  describe('When an institution asks for a reset', () => {
    it('should mail a 6-digit code valid 300 s, verify it, set the new password, and only the new password signs in', async () => {
      const bank = await institution();
      const asked = await reset.request(bank.email);
      expect(asked.status).toBe(200);
      expect(asked.body).toEqual({ success: true, message: SENT, data: { expiresInSeconds: 300 } });

      const [mail] = await reset.resetMails(bank.email);
      const sentCode = /code for the Credit Intelligence Platform is: (\d{6})\b/.exec(mail.body)?.[1];
      expect(sentCode).toMatch(/^\d{6}$/);
      // The institution's generated name may itself hold six digits: look for the code, not any number.
      expect(mail.redacted_body).not.toContain(sentCode);
      expect(mail.redacted_body).toContain('[code withheld]');
      const requested = await platform.knex('events').where({ type: 'PasswordResetRequested', event_id: mail.source }).first();
      expect(requested.stream_id).toBe(`password-reset-institution-${bank.id}`);
      const validFor = Date.parse(requested.data.expiresAt) - Date.parse(requested.metadata.occurredAt);
      expect(validFor).toBeGreaterThanOrEqual(299_000);
      expect(validFor).toBeLessThanOrEqual(301_000);

      const code = await reset.codeFor(bank.email);
      const verified = await reset.verify(bank.email, code);
      expect(verified.status).toBe(200);
      expect(verified.body.success).toBe(true);

      const changed = await reset.setPassword(bank.email, code, 'Brand-new-pass1!');
      expect(changed.status).toBe(200);
      expect(changed.body.success).toBe(true);

      expect((await reset.login('institution', bank.email, bank.password)).status).toBe(401);
      expect((await reset.login('institution', bank.email, 'Brand-new-pass1!')).status).toBe(200);
      const passwordEvents = await platform
        .knex('events')
        .where({ stream_id: `institution-${bank.id}`, type: 'InstitutionPasswordChanged' });
      expect(passwordEvents.map((event) => event.data.via)).toEqual(['reset']);
    });

    it('should accept the /reset-password/verify and /reset-password/confirm paths', async () => {
      const bank = await institution();
      await reset.request(bank.email);
      const code = await reset.codeFor(bank.email);
      expect((await reset.verify(bank.email, code, 'reset-password/verify')).status).toBe(200);
      const changed = await reset.setPassword(bank.email, code, 'Other-new-pass2#', undefined, 'reset-password/confirm');
      expect(changed.status).toBe(200);
      expect((await reset.login('institution', bank.email, 'Other-new-pass2#')).status).toBe(200);
    });
  });

  describe('When an administrator asks for a reset', () => {
    it('should find the admin by email (after institutions) and reset the admin password', async () => {
      const email = `second-admin-${randomBytes(3).toString('hex')}@platform.test`;
      const created = await platform.request('/api/admin/create', {
        method: 'POST',
        headers: bearer(admin),
        json: { name: 'Second Admin', email, password: 'Second-admin-1!' },
      });
      expect(created.status).toBe(201);
      secrets.add('Second-admin-1!');

      expect((await reset.request(email)).body.message).toBe(SENT);
      const code = await reset.codeFor(email);
      expect((await reset.verify(email, code)).status).toBe(200);
      expect((await reset.setPassword(email, code, 'Admin-reset-9$')).status).toBe(200);

      expect((await reset.login('admin', email, 'Second-admin-1!')).status).toBe(401);
      expect((await reset.login('admin', email, 'Admin-reset-9$')).status).toBe(200);
      const changed = await platform.knex('events').where({ stream_id: `admin-${created.body.data.id}`, type: 'AdminPasswordChanged' });
      expect(changed.map((event) => event.data.via)).toEqual(['reset']);
    });

    it('should use the userType given to choose between an institution and an admin', async () => {
      const bank = await institution();
      const asAdmin = await reset.request(bank.email, { userType: 'admin' });
      expect(asAdmin.body.message).toBe(SENT);
      expect(await reset.resetMails(bank.email)).toHaveLength(0);
      await reset.request(bank.email, { userType: 'institution' });
      expect(await reset.resetMails(bank.email)).toHaveLength(1);
      expect((await reset.request(bank.email, { userType: 'owner' })).status).toBe(400);
    });
  });

  describe('When the email is not registered', () => {
    it('should answer exactly as for a registered email and send nothing', async () => {
      const bank = await institution();
      const known = await reset.request(bank.email);
      const unknown = await reset.request('nobody-here@bank.test');
      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toEqual(known.body);
      expect(unknown.headers.get('x-position')).toBeNull();
      expect(known.headers.get('x-position')).toBeNull();
      expect(await platform.knex('mail_outbox').where({ recipient: 'nobody-here@bank.test' })).toHaveLength(0);
    });

    it('should refuse codes for it as it refuses wrong codes, attempt limit included', async () => {
      await reset.request('ghost@bank.test');
      for (let attempt = 1; attempt < 5; attempt += 1) {
        const answer = await reset.verify('ghost@bank.test', '123456');
        expect([answer.status, answer.body.message]).toEqual([400, INVALID_CODE]);
      }
      const fifth = await reset.verify('ghost@bank.test', '123456');
      expect([fifth.status, fifth.body.message]).toEqual([429, TOO_MANY]);
    });

    it('should still validate the email', async () => {
      expect((await reset.request('')).body.message).toBe('Email is required');
      expect((await reset.request('not-an-email')).body.message).toBe('Please enter a valid email address');
    });
  });

  describe('When wrong codes are typed', () => {
    it('should refuse each, kill the code at the fifth, and refuse even the right code after that', async () => {
      const bank = await institution();
      await reset.request(bank.email);
      const code = await reset.codeFor(bank.email);
      for (let attempt = 1; attempt < 5; attempt += 1) {
        const answer = await reset.verify(bank.email, wrong(code));
        expect([answer.status, answer.body.message]).toEqual([400, INVALID_CODE]);
      }
      const fifth = await reset.setPassword(bank.email, wrong(code), 'Never-used-1!');
      expect([fifth.status, fifth.body.message]).toEqual([429, TOO_MANY]);
      const right = await reset.verify(bank.email, code);
      expect([right.status, right.body.message]).toEqual([429, TOO_MANY]);
      expect((await reset.setPassword(bank.email, code, 'Never-used-2!')).status).toBe(429);
      expect((await reset.login('institution', bank.email, bank.password)).status).toBe(200);

      const rejected = await platform
        .knex('events')
        .where({ stream_id: `password-reset-institution-${bank.id}`, type: 'PasswordResetCodeRejected' });
      expect(rejected).toHaveLength(5);
    });

    it('should count parallel guesses against the same limit: every answered guess is a recorded attempt', async () => {
      const bank = await institution();
      await reset.request(bank.email);
      const code = await reset.codeFor(bank.email);
      const burst = await Promise.all(Array.from({ length: 8 }, () => reset.verify(bank.email, wrong(code))));
      const answered = burst.filter((answer) => answer.status !== 409);
      expect(answered.filter((answer) => answer.status === 400).length).toBeLessThanOrEqual(4);
      let guesses = 0;
      while ((await reset.verify(bank.email, wrong(code))).status === 400) guesses += 1;
      expect(guesses).toBeLessThan(5);
      expect((await reset.verify(bank.email, code)).status).toBe(429);
      const rejected = await platform
        .knex('events')
        .where({ stream_id: `password-reset-institution-${bank.id}`, type: 'PasswordResetCodeRejected' });
      expect(rejected).toHaveLength(5);
    });

    it('should refuse a code that is not 6 digits without counting it', async () => {
      const bank = await institution();
      await reset.request(bank.email);
      const code = await reset.codeFor(bank.email);
      for (const typed of ['12345', '1234567', 'abcdef']) {
        const answer = await reset.verify(bank.email, typed);
        expect([answer.status, answer.body.message]).toEqual([400, 'The reset code must be 6 digits']);
      }
      expect((await reset.verify(bank.email, code)).status).toBe(200);
    });
  });

  describe('When a new code is asked for', () => {
    it('should invalidate the previous code and accept only the new one', async () => {
      const bank = await institution();
      await reset.request(bank.email);
      const first = await reset.codeFor(bank.email);
      await reset.request(bank.email);
      const second = await reset.codeFor(bank.email);
      expect(await reset.resetMails(bank.email)).toHaveLength(2);
      if (first !== second) {
        const old = await reset.verify(bank.email, first);
        expect([old.status, old.body.message]).toEqual([400, INVALID_CODE]);
      }
      expect((await reset.setPassword(bank.email, second, 'Second-code-ok1!')).status).toBe(200);
    });

    it('should start a fresh attempt count', async () => {
      const bank = await institution();
      await reset.request(bank.email);
      const first = await reset.codeFor(bank.email);
      for (let attempt = 1; attempt <= 5; attempt += 1) await reset.verify(bank.email, wrong(first));
      expect((await reset.verify(bank.email, first)).status).toBe(429);
      await reset.request(bank.email);
      expect((await reset.verify(bank.email, await reset.codeFor(bank.email))).status).toBe(200);
    });
  });

  describe('When the new password breaks a rule', () => {
    let bank: TestInstitution;
    let code: string;
    beforeAll(async () => {
      bank = await institution();
      await reset.request(bank.email);
      code = await reset.codeFor(bank.email);
    });

    it.each([
      ['Short1!', 'Short1!', 'Password must be at least 8 characters'],
      ['lowercase-only-1', 'lowercase-only-1', 'Password must contain at least one uppercase letter'],
      ['No-numbers-here', 'No-numbers-here', 'Password must contain at least one number'],
      ['NoSpecial1234', 'NoSpecial1234', 'Password must contain at least one special character'],
      ['Good-pass-123', 'Good-pass-124', 'Passwords do not match'],
    ])('should refuse %s (confirmed as %s) with "%s"', async (newPassword, confirmPassword, message) => {
      const answer = await reset.setPassword(bank.email, code, newPassword, confirmPassword);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, message });
    });

    it('should not count rule failures as code attempts, and accept a password that keeps every rule', async () => {
      expect((await reset.setPassword(bank.email, code, 'Keeps-every-rule-1')).status).toBe(200);
      expect((await reset.login('institution', bank.email, 'Keeps-every-rule-1')).status).toBe(200);
    });
  });

  describe('When a code has been used', () => {
    it('should refuse it a second time', async () => {
      const bank = await institution();
      await reset.request(bank.email);
      const code = await reset.codeFor(bank.email);
      expect((await reset.setPassword(bank.email, code, 'First-use-pass1!')).status).toBe(200);
      const again = await reset.setPassword(bank.email, code, 'Second-use-pass1!');
      expect([again.status, again.body.message]).toEqual([400, USED]);
      expect((await reset.verify(bank.email, code)).body.message).toBe(USED);
      expect((await reset.login('institution', bank.email, 'First-use-pass1!')).status).toBe(200);
      expect((await reset.login('institution', bank.email, 'Second-use-pass1!')).status).toBe(401);
    });
  });

  describe('When reset requests pile up for one email', () => {
    it('should refuse the sixth within 15 minutes, registered or not', async () => {
      for (const email of ['flood@bank.test', (await institution()).email]) {
        for (let request = 1; request <= 5; request += 1) expect((await reset.request(email)).status).toBe(200);
        const sixth = await reset.request(email);
        expect(sixth.status).toBe(429);
        expect(sixth.body.message).toMatch(/^Too many password reset requests/);
      }
    });
  });

  describe('When the event log is read', () => {
    it('should hold no reset code and no password in clear', async () => {
      expect(secrets.size).toBeGreaterThan(10);
      const rows: { data: string; metadata: string }[] = (await platform.knex.raw('SELECT data::text, metadata::text FROM events')).rows;
      expect(rows.some((row) => row.data.includes('PasswordResetRequested') || row.data.includes('codeHash'))).toBe(true);
      for (const row of rows) {
        for (const secret of secrets) {
          expect(row.data).not.toContain(secret);
          expect(row.metadata).not.toContain(secret);
        }
      }
    });
  });
});

describe('Password reset with a short code validity', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ env: { RESET_CODE_TTL_SECONDS: '1' } });
  });
  afterAll(async () => platform.close());

  describe('When the code has expired', () => {
    it('should refuse it with a clear message', async () => {
      const admin = await signInAsAdmin(platform);
      const bank = await approvedInstitution(platform, admin);
      const reset = resetClient(platform);
      expect((await reset.request(bank.email)).body.data).toEqual({ expiresInSeconds: 1 });
      const code = await reset.codeFor(bank.email);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      const late = await reset.verify(bank.email, code);
      expect([late.status, late.body.message]).toEqual([400, EXPIRED]);
      expect((await reset.setPassword(bank.email, code, 'Too-late-pass1!')).body.message).toBe(EXPIRED);
      expect((await reset.login('institution', bank.email, bank.password)).status).toBe(200);
    });
  });
});
