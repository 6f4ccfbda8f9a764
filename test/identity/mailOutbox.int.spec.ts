import knexFactory, { type Knex } from 'knex';
import pino from 'pino';
import { commandMigrations } from '@credit/command-api';
import { allProjections, resetProjection, waitForCheckpoints } from '@credit/projectors';
import { startMailSender } from '../../src/platform/mailSender';
import { runMigrations } from '../../src/platform/migrate';
import { bearer, signInAsAdmin } from '../support/actors';
import { closedPort, startSmtpServer } from '../support/smtpServer';
import { createTestDatabase } from '../support/testDatabase';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const register = async (platform: TestPlatform, name: string, email: string): Promise<number> => {
  const response = await platform.request('/api/institution/create', {
    method: 'POST',
    json: { name, email, password: 'Register-pass1!' },
  });
  expect(response.status).toBe(201);
  return response.body.data.id as number;
};

describe('Mail outbox', () => {
  describe('When institutions are approved and rejected', () => {
    let platform: TestPlatform;
    beforeAll(async () => {
      platform = await startTestPlatform();
    });
    afterAll(async () => platform.close());

    it('should queue exactly one mail per decision, and none more after the mail reactor is rebuilt and replayed', async () => {
      const admin = await signInAsAdmin(platform);
      const approvedId = await register(platform, 'Banque Approuvée', 'approved@bank.test');
      const rejectedId = await register(platform, 'Banque Refusée', 'rejected@bank.test');
      expect(
        (await platform.request(`/api/admin/institutions/${approvedId}/approve`, { method: 'POST', headers: bearer(admin) })).status,
      ).toBe(200);
      const rejected = await platform.request(`/api/admin/institutions/${rejectedId}/reject`, {
        method: 'POST',
        headers: bearer(admin),
        json: { reason: 'Missing banking licence' },
      });
      expect(rejected.status).toBe(200);

      const mails = () => platform.knex('mail_outbox').whereIn('recipient', ['approved@bank.test', 'rejected@bank.test']).orderBy('id');
      const queued = await eventually(mails, (rows) => rows.length === 2);
      const decisions = await platform.knex('events').whereIn('type', ['InstitutionApproved', 'InstitutionRejected']).orderBy('position');
      expect(queued.map((row) => row.source)).toEqual(decisions.map((event) => event.event_id));
      expect(queued[0]).toMatchObject({ recipient: 'approved@bank.test', subject: 'Your institution account has been approved' });
      expect(queued[0].body).toContain('Hello Banque Approuvée');
      expect(queued[1]).toMatchObject({ recipient: 'rejected@bank.test', subject: 'Your institution registration was not approved' });
      expect(queued[1].body).toContain('Reason: Missing banking licence');

      const mailReactor = allProjections(platform.store).find((projection) => projection.name === 'mail');
      expect(mailReactor?.tables).toEqual([]);
      await resetProjection(platform.knex, mailReactor!);
      const checkpoint = await platform.knex('projection_checkpoints').where({ name: 'mail' }).first('position');
      expect(Number(checkpoint.position)).toBeLessThan(Number(decisions[0].position));
      await waitForCheckpoints(platform.knex, ['mail'], Number((await platform.store.head()).position), 10_000);

      const afterReplay = await mails();
      expect(afterReplay.map((row) => row.id)).toEqual(queued.map((row) => row.id));
    });

    it('should mark mails sent once written to the log when no SMTP_URL is set, keeping a reset code in the outbox only', async () => {
      const admin = await signInAsAdmin(platform);
      const id = await register(platform, 'Banque Log', 'log@bank.test');
      await platform.request(`/api/admin/institutions/${id}/approve`, { method: 'POST', headers: bearer(admin) });
      await platform.request('/api/auth/reset-password', { method: 'POST', json: { email: 'log@bank.test' } });
      const rows = await eventually(
        () => platform.knex('mail_outbox').where({ recipient: 'log@bank.test' }).orderBy('id'),
        (found) => found.length === 2 && found.every((row) => row.sent_at !== null),
      );
      expect(rows.map((row) => row.attempts)).toEqual([1, 1]);
      expect(rows[1].body).toMatch(/is: \d{6}\n/);
      expect(rows[1].redacted_body).toContain('[code withheld]');
    });
  });

  describe('When SMTP_URL is set', () => {
    it('should send by SMTP and keep only the redacted body once a reset mail has left', async () => {
      const smtp = await startSmtpServer();
      const platform = await startTestPlatform({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'platform@credit.test' } });
      try {
        const admin = await signInAsAdmin(platform);
        const id = await register(platform, 'Banque SMTP', 'smtp@bank.test');
        await platform.request(`/api/admin/institutions/${id}/approve`, { method: 'POST', headers: bearer(admin) });
        await platform.request('/api/auth/reset-password', { method: 'POST', json: { email: 'smtp@bank.test' } });

        await eventually(
          async () => smtp.received.length,
          (count) => count === 2,
        );
        expect(smtp.received.every((mail) => mail.from.includes('platform@credit.test') && mail.to[0].includes('smtp@bank.test'))).toBe(
          true,
        );
        const code = /is: (\d{6})/.exec(smtp.received.map((mail) => mail.data).join('\n'))?.[1];
        expect(code).toBeDefined();

        const reset = await eventually(
          () => platform.knex('mail_outbox').where({ recipient: 'smtp@bank.test', subject: 'Your password reset code' }).first(),
          (row) => row?.sent_at != null,
        );
        expect(reset.body).not.toContain(code);
        expect(reset.body).toContain('[code withheld]');

        const verified = await platform.request('/api/auth/verify-reset-code', { method: 'POST', json: { email: 'smtp@bank.test', code } });
        expect(verified.status).toBe(200);
      } finally {
        await platform.close();
        await smtp.close();
      }
    });
  });

  describe('When the sender runs on its own', () => {
    let knex: Knex;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      const database = await createTestDatabase();
      drop = database.drop;
      knex = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 4 } });
      await runMigrations(knex, 'command-api', commandMigrations);
    });
    afterAll(async () => {
      await knex.destroy();
      await drop();
    });

    it('should write mails to the log without SMTP, but never a reset code', async () => {
      await knex('mail_outbox').insert([
        { source: 'log-plain', recipient: 'plain@bank.test', subject: 'Plain', body: 'Nothing secret here' },
        {
          source: 'log-secret',
          recipient: 'secret@bank.test',
          subject: 'Code',
          body: 'Your code is 987654',
          redacted_body: 'Your code is [code withheld]',
        },
      ]);
      const lines: string[] = [];
      const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
      const sender = startMailSender({ knex, logger, smtpUrl: undefined, from: 'platform@credit.test', pollMs: 50 });
      await eventually(
        () => knex('mail_outbox').whereIn('source', ['log-plain', 'log-secret']).whereNull('sent_at'),
        (unsent) => unsent.length === 0,
      );
      await sender.stop();
      const log = lines.join('');
      expect(log).toContain('Nothing secret here');
      expect(log).toContain('secret@bank.test');
      expect(log).toContain('body withheld');
      expect(log).not.toContain('987654');
      expect((await knex('mail_outbox').where({ source: 'log-secret' }).first()).body).toBe('Your code is 987654');
    });

    it('should count a failed SMTP send, keep its error and retry later', async () => {
      await knex('mail_outbox').insert({ source: 'smtp-down', recipient: 'down@bank.test', subject: 'Down', body: 'Will not leave yet' });
      const logger = pino({ level: 'silent' });
      const sender = startMailSender({
        knex,
        logger,
        smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
        from: 'p@credit.test',
        pollMs: 50,
      });
      const failed = await eventually(
        () => knex('mail_outbox').where({ source: 'smtp-down' }).first(),
        (row) => row.attempts >= 1,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sender.stop();
      const row = await knex('mail_outbox').where({ source: 'smtp-down' }).first();
      expect(row.sent_at).toBeNull();
      expect(row.attempts).toBe(1);
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 3000);
      expect(failed.sent_at).toBeNull();
    });
  });
});
