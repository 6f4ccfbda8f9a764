import { approvedInstitution, bearer, signInAsAdmin } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

/**
 * koa-router runs every route that matches a path, in order: `/institution/:id` matches
 * `/institution/dashboard` too. Its wait for the identity projection must not hold up the named
 * paths it also matches. Here the identity projection does not run at all, so a read that waits
 * for the institution's own registration and approval in it can only end in a 503.
 */
describe('Named paths that a route by id also matches', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform({ env: { PROJECTIONS: '-identity', READ_YOUR_WRITES_TIMEOUT_MS: '1000' } });
  });
  afterAll(() => platform?.close());

  it('answers the dashboard, the performance screen and the first steps without waiting for the identity projection', async () => {
    const admin = await signInAsAdmin(platform);
    const bank = await approvedInstitution(platform, admin);

    const own = await platform.request(`/api/institution/${bank.id}`, { headers: bearer(bank.token) });
    expect(own.status).toBe(503);
    expect(own.headers.get('retry-after')).not.toBeNull();

    for (const path of ['/api/institution/dashboard?period=30d', '/api/institution/performance', '/api/institution/first-steps']) {
      const answer = await platform.request(path, { headers: bearer(bank.token) });
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
    }
  });
});
