import { request as httpRequest } from 'node:http';
import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { startSmtpServer, type ReceivedMail, type SmtpSink } from '../support/smtpServer';
import { startTestPlatform, TEST_ADMIN, type TestPlatform } from '../support/testPlatform';

const WRONG_CREDENTIALS = 'Invalid email or password';
const TOO_MANY = 'Too many failed sign-in attempts. Please try again in 15 minutes.';

type Answer = { status: number; body: any; ms: number };

/**
 * A JSON POST from a loopback address of our choosing (127.0.0.2, 127.0.0.3, …): each is a client
 * address of its own, as the platform sees the socket's address.
 */
function postFrom(
  platform: TestPlatform,
  from: string,
  path: string,
  json: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const started = Date.now();
  const payload = JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: Number(new URL(platform.url).port),
        localAddress: from,
        method: 'POST',
        path,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text), ms: Date.now() - started }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** A received mail's text with quoted-printable's soft line breaks undone. */
const unfolded = (mail: ReceivedMail) => mail.data.replace(/=\n/g, '');

type AuditEntry = {
  eventType: string;
  description: string;
  ip: string | null;
  institutionId: number | null;
  details: Record<string, unknown>;
};

/** The audit log's sign-in rows that mention `search`, once the projections have caught up with the log's head. */
async function signInAudit(platform: TestPlatform, admin: string, search: string): Promise<AuditEntry[]> {
  const head = (await platform.store.head()).position;
  const audit = await platform.request(`/api/admin/audit?action=login&limit=100&search=${encodeURIComponent(search)}`, {
    headers: { ...bearer(admin), 'X-Min-Position': String(head) },
  });
  expect(audit.status).toBe(200);
  return audit.body.data.logs as AuditEntry[];
}

describe('Sign-in throttling', () => {
  let smtp: SmtpSink;
  let platform: TestPlatform;
  let admin: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    platform = await startTestPlatform({
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'platform@credit.test', REGISTRATION_LIMIT_PER_HOUR: '1000' },
    });
    admin = await signInAsAdmin(platform);
  });
  afterAll(async () => {
    await platform.close();
    await smtp.close();
  });

  const login = (from: string, kind: 'admin' | 'institution', email: string, password: string, headers?: Record<string, string>) =>
    postFrom(platform, from, `/api/${kind}/login`, { email, password }, headers);

  describe('When one address sends five wrong passwords for the administrator', () => {
    it('should slow that address down from its third try, then refuse it the right password, while another address signs in at once', async () => {
      const tries: Answer[] = [];
      // The forged X-Forwarded-For is not trusted (TRUST_PROXY is off): the socket's address is what counts and what is logged.
      for (let guess = 0; guess < 5; guess += 1)
        tries.push(await login('127.0.0.2', 'admin', TEST_ADMIN.email, `wrong-${guess}-xx`, { 'X-Forwarded-For': `198.51.100.${guess}` }));
      expect(tries.map((answer) => [answer.status, answer.body.message])).toEqual(Array(5).fill([401, WRONG_CREDENTIALS]));
      // After two failures each try waits 0.5 s, then 1 s, then 2 s before its password is checked.
      expect(tries[2].ms).toBeGreaterThanOrEqual(500);
      expect(tries[3].ms).toBeGreaterThanOrEqual(1000);
      expect(tries[4].ms).toBeGreaterThanOrEqual(2000);

      const elsewhere = await login('127.0.0.3', 'admin', TEST_ADMIN.email, TEST_ADMIN.password);
      expect(elsewhere.status).toBe(200);
      expect(elsewhere.body.token).toEqual(expect.any(String));
      // Not made to wait: an address that has not failed is not slowed (the failing address's last try
      // waited 2 s before its password was even checked; a loaded machine may slow both alike).
      expect(elsewhere.ms).toBeLessThan(Math.max(2000, tries[4].ms));

      const refused = await login('127.0.0.2', 'admin', TEST_ADMIN.email, TEST_ADMIN.password);
      expect([refused.status, refused.body.message]).toEqual([429, TOO_MANY]);
      // The address that failed is refused for this account only.
      const bank = await approvedInstitution(platform, admin);
      expect((await login('127.0.0.2', 'institution', bank.email, bank.password)).status).toBe(200);

      const audit = await signInAudit(platform, admin, TEST_ADMIN.email);
      const failures = audit.filter((entry) => entry.eventType === 'SignInFailed');
      expect(failures).toHaveLength(5);
      expect(new Set(failures.map((entry) => entry.ip))).toEqual(new Set(['127.0.0.2']));
      const throttled = audit.filter((entry) => entry.eventType === 'SignInThrottled');
      expect(throttled).toEqual([
        expect.objectContaining({
          ip: '127.0.0.2',
          description: `Sign-ins for ${TEST_ADMIN.email} from this address refused: 5 failures in 15 minutes`,
          details: expect.objectContaining({ scope: 'account_and_address', failures: 5, minutes: 15 }),
        }),
      ]);
      // Five failures from one address are not yet an attack worth a mail.
      expect(audit.filter((entry) => entry.eventType === 'AccountUnderAttack')).toEqual([]);
    });
  });

  describe('When the right password follows wrong ones from the same address', () => {
    it('should let it in after the wait its failures earned, and forget them', async () => {
      const bank = await approvedInstitution(platform, admin);
      for (let guess = 0; guess < 3; guess += 1)
        expect((await login('127.0.0.4', 'institution', bank.email, `nope-${guess}-xx`)).status).toBe(401);
      const right = await login('127.0.0.4', 'institution', bank.email, bank.password);
      expect(right.status).toBe(200);
      expect(right.ms).toBeGreaterThanOrEqual(1000);
      const rows = await platform
        .knex('limited_attempts')
        .where({ limit_name: 'sign-in-account-address', key: `institution:${bank.email}\n127.0.0.4` });
      expect(rows).toEqual([]);
    });
  });

  describe('When an account is attacked from several addresses', () => {
    let bank: TestInstitution;

    beforeAll(async () => {
      bank = await approvedInstitution(platform, admin, 'Banque Assiégée');
    });

    it('should mail its owner once, record the attack in the audit log, and still let the owner in', async () => {
      const guesses = (from: string, count: number) =>
        (async () => {
          const statuses: number[] = [];
          for (let guess = 0; guess < count; guess += 1)
            statuses.push((await login(from, 'institution', bank.email, `guess-${from}-${guess}`)).status);
          return statuses;
        })();
      // Ten failures within a day, five from each of two addresses: the alert threshold.
      expect(await Promise.all([guesses('127.0.0.5', 5), guesses('127.0.0.6', 5)])).toEqual([Array(5).fill(401), Array(5).fill(401)]);
      // More from a third address within the day: no second mail.
      expect(await guesses('127.0.0.7', 3)).toEqual(Array(3).fill(401));

      const underAttack = (received: ReceivedMail) =>
        received.to.some((to) => to.includes(bank.email)) && received.data.includes('Subject: Failed sign-in attempts on your account');
      const mail = unfolded(await smtp.waitForMail(underAttack));
      expect(mail).toMatch(/There have been 10 failed attempts to sign in to your institution account/);
      expect(mail).toMatch(/the latest from the address 127\.0\.0\.[56]/);

      const audit = await signInAudit(platform, admin, bank.email);
      expect(audit.filter((entry) => entry.eventType === 'SignInFailed')).toHaveLength(13);
      expect(
        audit
          .filter((entry) => entry.eventType === 'SignInThrottled')
          .map((entry) => entry.ip)
          .sort(),
      ).toEqual(['127.0.0.5', '127.0.0.6']);
      const attacks = audit.filter((entry) => entry.eventType === 'AccountUnderAttack');
      expect(attacks).toEqual([
        expect.objectContaining({
          description: `Institution ${bank.email} under attack: 10 failed sign-ins in 24 hours; its owner was told by mail`,
          institutionId: bank.id,
          details: expect.objectContaining({ userId: bank.id, failures: 10, hours: 24 }),
        }),
      ]);
      // The institution sees it in its own audit log.
      const own = await platform.request('/api/institution/audit?action=login', { headers: bearer(bank.token) });
      expect(own.body.data.logs.map((entry: AuditEntry) => entry.eventType)).toContain('AccountUnderAttack');

      // The owner, from an address that has not failed, signs in at once.
      expect((await login('127.0.0.8', 'institution', bank.email, bank.password)).status).toBe(200);
      // Exactly one mail was queued for it, and one sent.
      expect(
        await platform.knex('mail_outbox').where({ recipient: bank.email, subject: 'Failed sign-in attempts on your account' }),
      ).toHaveLength(1);
      expect(smtp.received.filter(underAttack)).toHaveLength(1);
    });
  });

  describe('When one address fails a hundred times over many accounts', () => {
    it('should refuse it for the accounts that have not signed in from it, and only those', async () => {
      const regular = await approvedInstitution(platform, admin);
      const newcomer = await approvedInstitution(platform, admin);
      expect((await login('127.0.0.10', 'institution', regular.email, regular.password)).status).toBe(200);
      const statuses: number[] = [];
      for (let round = 0; round < 10; round += 1) {
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, n) => login('127.0.0.10', 'institution', `stuffed-${round}-${n}@nowhere.test`, 'Guess-pass-1')),
        );
        statuses.push(...answers.map((answer) => answer.status));
      }
      expect(statuses).toEqual(Array(100).fill(401));

      const next = await login('127.0.0.10', 'institution', 'stuffed-next@nowhere.test', 'Guess-pass-1');
      expect([next.status, next.body.message]).toEqual([429, TOO_MANY]);
      expect((await login('127.0.0.10', 'institution', newcomer.email, newcomer.password)).status).toBe(429);
      // An account that signed in from this address before still can (the bank's own colleagues behind one NAT).
      expect((await login('127.0.0.10', 'institution', regular.email, regular.password)).status).toBe(200);
      // And the refused one, from any other address.
      expect((await login('127.0.0.11', 'institution', newcomer.email, newcomer.password)).status).toBe(200);

      const audit = await signInAudit(platform, admin, 'refused for accounts that have not signed in from it');
      expect(audit).toEqual([
        expect.objectContaining({
          eventType: 'SignInThrottled',
          ip: '127.0.0.10',
          details: expect.objectContaining({ scope: 'address', failures: 100 }),
        }),
      ]);
    });
  });

  describe('When an account’s password is reset', () => {
    it('should forget its failures from every address', async () => {
      const bank = await approvedInstitution(platform, admin);
      for (let guess = 0; guess < 5; guess += 1) await login('127.0.0.12', 'institution', bank.email, `lost-${guess}-xx`);
      expect((await login('127.0.0.12', 'institution', bank.email, bank.password)).status).toBe(429);
      await platform.request('/api/auth/reset-password', { method: 'POST', json: { email: bank.email } });
      const mail = await smtp.waitForMail(
        (received) => received.to.some((to) => to.includes(bank.email)) && /reset code/.test(received.data),
      );
      const code = /is: (\d{6})/.exec(unfolded(mail))![1];
      const reset = await platform.request('/api/auth/set-new-password', {
        method: 'POST',
        json: { email: bank.email, code, newPassword: 'Fresh-start-1!', confirmPassword: 'Fresh-start-1!' },
      });
      expect(reset.status).toBe(200);
      expect((await login('127.0.0.12', 'institution', bank.email, 'Fresh-start-1!')).status).toBe(200);
    });
  });
});

describe('Client addresses behind the proxy (TRUST_PROXY=true)', () => {
  let platform: TestPlatform;
  let admin: string;

  beforeAll(async () => {
    // Read when the app is built: set for this platform only.
    process.env.TRUST_PROXY = 'true';
    try {
      platform = await startTestPlatform({ env: { REGISTRATION_LIMIT_PER_HOUR: '3' } });
    } finally {
      delete process.env.TRUST_PROXY;
    }
    admin = await signInAsAdmin(platform);
  });
  afterAll(async () => platform.close());

  // What reaches the app through a proxy that appends the address it saw to what the client sent.
  const viaProxy = (forged: string, seen: string) => ({ 'X-Forwarded-For': `${forged}, ${seen}` });

  describe('When a client forges the leftmost X-Forwarded-For', () => {
    it('should record the address the proxy saw, not the forged one', async () => {
      const failed = await postFrom(
        platform,
        '127.0.0.1',
        '/api/institution/login',
        { email: 'forger@bank.test', password: 'Forged-pass-1' },
        viaProxy('203.0.113.66', '192.0.2.10'),
      );
      expect(failed.status).toBe(401);
      const [entry] = await signInAudit(platform, admin, 'forger@bank.test');
      expect(entry).toMatchObject({ eventType: 'SignInFailed', ip: '192.0.2.10' });
    });

    it('should not get past the per-address registration limit by changing it', async () => {
      const register = (n: number) =>
        postFrom(
          platform,
          '127.0.0.1',
          '/api/institution/create',
          { name: `Forged Bank ${n}`, email: `forged-${n}@bank.test`, password: 'Forged-pass-1' },
          viaProxy(`203.0.113.${n}`, '192.0.2.20'),
        );
      for (let n = 1; n <= 3; n += 1) expect((await register(n)).status).toBe(201);
      const refused = await register(4);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many registrations from this network/);
      // Another address behind the same proxy is not refused.
      const other = await postFrom(
        platform,
        '127.0.0.1',
        '/api/institution/create',
        { name: 'Honest Bank', email: 'honest@bank.test', password: 'Honest-pass-1' },
        { 'X-Forwarded-For': '192.0.2.21' },
      );
      expect(other.status).toBe(201);
      const head = (await platform.store.head()).position;
      const audit = await platform.request('/api/admin/audit?limit=100&search=Forged%20Bank', {
        headers: { ...bearer(admin), 'X-Min-Position': String(head) },
      });
      const addresses = new Set((audit.body.data.logs as AuditEntry[]).map((entry) => entry.ip));
      expect(addresses).toEqual(new Set(['192.0.2.20']));
    });
  });
});
