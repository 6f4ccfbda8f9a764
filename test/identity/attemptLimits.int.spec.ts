import { randomUUID } from 'node:crypto';
import { TooManyRequestsError } from '@credit/events';
import { AttemptLimits, LONGEST_WINDOW_MS, type AttemptLimit } from '../../command-api/src/access/attemptLimits';
import { approvedInstitution, signInAsAdmin } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

const limit = (name: string): AttemptLimit => ({ name, max: 3, windowMs: 60_000, message: (minutes) => `wait ${minutes}` });

describe('Attempt limits', () => {
  let platform: TestPlatform;
  let limits: AttemptLimits;

  beforeAll(async () => {
    platform = await startTestPlatform();
    limits = new AttemptLimits(platform.knex);
  });
  afterAll(async () => platform.close());

  describe('When attempts reach the limit', () => {
    it('should refuse the next attempt without counting it, and allow one again once the window has passed', async () => {
      const ip = limit('reach');
      for (let n = 0; n < 3; n += 1) await limits.count([[ip, 'ip:1']], 1000 + n);
      await expect(limits.count([[ip, 'ip:1']], 2000)).rejects.toThrow(new TooManyRequestsError('wait 1'));
      await expect(limits.refuseIfLimited([[ip, 'ip:1']], 2000)).rejects.toThrow(TooManyRequestsError);
      await expect(limits.count([[ip, 'ip:1']], 61_001)).resolves.toEqual(expect.any(String));
      // The attempts that left the window are forgotten; 1002 is still inside it.
      expect(await platform.knex('limited_attempts').where({ limit_name: 'reach' }).count({ n: '*' })).toEqual([{ n: '2' }]);
    });

    it('should say how many minutes are left until the oldest attempt leaves the window', async () => {
      const slow: AttemptLimit = { ...limit('minutes'), windowMs: 15 * 60_000 };
      for (let n = 0; n < 3; n += 1) await limits.count([[slow, 'k']], n * 60_000);
      await expect(limits.count([[slow, 'k']], 4 * 60_000 + 1)).rejects.toThrow('wait 11');
    });
  });

  describe('When attempts are older than any window', () => {
    it('should forget them in the sweep, and keep the recent ones', async () => {
      const old = limit('sweep');
      const now = Date.now();
      await limits.count([[old, 'gone']], now - LONGEST_WINDOW_MS - 1);
      await limits.count([[old, 'kept']], now - 1000);
      await limits.sweep(now);
      const left = await platform.knex('limited_attempts').where({ limit_name: 'sweep' }).pluck('key');
      expect(left).toEqual(['kept']);
    });
  });

  describe('When one attempt counts against several keys', () => {
    it('should refuse when any key is at its limit, counting against none of them', async () => {
      const byEmail = limit('email');
      const byIp = { ...limit('ip'), max: 100 };
      for (let n = 0; n < 3; n += 1)
        await limits.count(
          [
            [byEmail, 'a@bank.test'],
            [byIp, 'ip:9'],
          ],
          1000 + n,
        );
      await expect(
        limits.count(
          [
            [byEmail, 'a@bank.test'],
            [byIp, 'ip:9'],
          ],
          2000,
        ),
      ).rejects.toThrow(TooManyRequestsError);
      expect(await platform.knex('limited_attempts').where({ limit_name: 'ip' }).count({ n: '*' })).toEqual([{ n: '3' }]);
    });

    it('should take back one attempt from every key it counted against, and only that one', async () => {
      const byEmail = limit('back-email');
      const byIp = limit('back-ip');
      await limits.count(
        [
          [byEmail, 'b@bank.test'],
          [byIp, 'ip:8'],
        ],
        1000,
      );
      const right = await limits.count(
        [
          [byEmail, 'b@bank.test'],
          [byIp, 'ip:8'],
        ],
        1001,
      );
      await limits.count(
        [
          [byEmail, 'b@bank.test'],
          [byIp, 'ip:8'],
        ],
        1002,
      );
      await limits.takeBack(right);
      await limits.count([[byIp, 'ip:8']], 1003);
      await expect(limits.count([[byIp, 'ip:8']], 1004)).rejects.toThrow(TooManyRequestsError);
      await limits.count([[byEmail, 'b@bank.test']], 1005);
      await expect(limits.refuseIfLimited([[byEmail, 'b@bank.test']], 1006)).rejects.toThrow(TooManyRequestsError);
      await limits.clear([byEmail, 'b@bank.test']);
      await expect(limits.refuseIfLimited([[byEmail, 'b@bank.test']], 1007)).resolves.toBeUndefined();
    });
  });

  describe('When 20 attempts on one key arrive at once', () => {
    it('should count exactly up to the limit', async () => {
      const burst = limit('burst');
      const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => limits.count([[burst, 'ip:7']], 5000)));
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    });
  });

  describe('When a reset code expired over a day ago', () => {
    it('should answer alike for a registered email and an unknown one, before and after the unknown one’s decoy is forgotten', async () => {
      const bank = await approvedInstitution(platform, await signInAsAdmin(platform));
      const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60_000).toISOString();
      await platform.store.append(`password-reset-institution-${bank.id}`, [
        {
          id: randomUUID(),
          type: 'PasswordResetRequested',
          data: { kind: 'institution', userId: bank.id, codeHash: 'long-gone', expiresAt: twoDaysAgo },
          metadata: { actor: { id: 'anonymous', role: 'institution', name: bank.email }, correlationId: 'old', occurredAt: twoDaysAgo },
        },
      ]);
      const ask = (email: string) => platform.request('/api/auth/reset-password', { method: 'POST', json: { email } });
      const verify = async (email: string) => {
        const response = await platform.request('/api/auth/verify-reset-code', { method: 'POST', json: { email, code: '000000' } });
        return `${response.status} ${response.body.message}`;
      };
      expect((await ask('long-gone@nowhere.test')).status).toBe(200);
      await platform
        .knex('password_reset_decoys')
        .where({ email: 'long-gone@nowhere.test' })
        .update({
          state: platform.knex.raw(`jsonb_set(state, '{expiresAt}', to_jsonb(?::text))`, [twoDaysAgo]),
        });
      const real = await verify(bank.email);
      expect(real).toBe('400 Invalid reset code');
      expect(await verify('long-gone@nowhere.test')).toBe(real);
      expect((await ask('someone-else@nowhere.test')).status).toBe(200);
      expect(await platform.knex('password_reset_decoys').where({ email: 'long-gone@nowhere.test' })).toHaveLength(0);
      expect(await verify('long-gone@nowhere.test')).toBe(real);
      expect(await verify(bank.email)).toBe(real);
    });
  });

  describe('When two API processes share the database', () => {
    let second: TestPlatform;

    beforeAll(async () => {
      second = await startTestPlatform({ env: { DATABASE_URL: platform.databaseUrl } });
    });
    afterAll(async () => second.close());

    it('should count wrong passwords sent to either against the same email', async () => {
      const bank = await approvedInstitution(platform, await signInAsAdmin(platform));
      const login = (on: TestPlatform, password: string) =>
        on.request('/api/institution/login', { method: 'POST', json: { email: bank.email, password } });
      for (let guess = 0; guess < 5; guess += 1) expect((await login(guess % 2 ? second : platform, `wrong-${guess}-xx`)).status).toBe(401);
      expect((await login(platform, 'wrong-again-xx')).status).toBe(429);
      expect((await login(second, bank.password)).status).toBe(429);
    });

    it('should answer a decoy reset asked on one process from the other as it would a real one, up to its lock', async () => {
      const bank = await approvedInstitution(platform, await signInAsAdmin(platform));
      const ask = (on: TestPlatform, email: string) => on.request('/api/auth/reset-password', { method: 'POST', json: { email } });
      const verify = async (on: TestPlatform, email: string) => {
        const response = await on.request('/api/auth/verify-reset-code', { method: 'POST', json: { email, code: '000000' } });
        return `${response.status} ${response.body.message}`;
      };
      expect((await ask(platform, bank.email)).status).toBe(200);
      expect((await ask(second, 'nobody@nowhere.test')).status).toBe(200);
      const answers = { real: [] as string[], decoy: [] as string[] };
      for (let guess = 0; guess < 6; guess += 1) {
        const on = guess % 2 ? second : platform;
        answers.real.push(await verify(on, bank.email));
        answers.decoy.push(await verify(on, 'nobody@nowhere.test'));
      }
      expect(answers.decoy).toEqual(answers.real);
      expect(new Set(answers.real).size).toBeGreaterThan(1);
    });
  });
});
