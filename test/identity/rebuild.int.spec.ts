import { allProjections, resetProjection, waitForCheckpoints } from '@credit/projectors';
import { approvedInstitution, bearer, signInAsAdmin } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

const REBUILT = ['identity', 'audit'];

describe('Rebuilding the identity and audit projections', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(async () => platform.close());

  const snapshot = async () => ({
    institutions: await platform.knex('institutions').orderBy('id'),
    admins: await platform.knex('admins').orderBy('id'),
    audit: await platform.knex('audit_log').orderBy('position'),
  });

  const eventCount = async () => {
    let after = 0;
    let count = 0;
    for (;;) {
      const page = await platform.store.readAll({ after, maxCount: 1000 });
      count += page.events.length;
      if (page.scannedUpTo === after) return count;
      after = page.scannedUpTo;
    }
  };

  describe('When the log holds a full identity history', () => {
    it('should give identical rows after a reset and replay, with one audit row per event', async () => {
      const admin = await signInAsAdmin(platform);
      const send = (path: string, method: string, json?: unknown, token = admin) =>
        platform.request(`/api/${path}`, { method, headers: bearer(token), json });
      const bank = await approvedInstitution(platform, admin, 'Replay Bank');
      const closing = await approvedInstitution(platform, admin, 'Closing Bank');
      const pending = await platform.request('/api/institution/create', {
        method: 'POST',
        json: { name: 'Rejected Bank', email: 'rejected@replay.test', password: 'Rejected-pass1' },
      });
      await send(`admin/institutions/${pending.body.data.id}/reject`, 'POST', { reason: 'No licence' });
      await send(`institution/deactivate/${bank.id}`, 'POST', { comment: 'Deactivated from User Management' });
      await send(`admin/update-institution-status/${bank.id}`, 'PATCH', { is_active: true });
      await send('institution/profile', 'PUT', { name: 'Replay Bank Plc', logo: 'data:image/png;base64,AAAA' }, bank.token);
      await send(`admin/institutions/${closing.id}`, 'DELETE');
      const created = await send('admin/create', 'POST', { name: 'Second Admin', email: 'second@replay.test', password: 'Second-pass1' });
      await send(`admin/update/${created.body.data.id}`, 'PUT', {
        name: 'Second Admin Renamed',
        email: 'second@replay.test',
        password: 'Second-pass2',
      });
      await send(`admin/deactivate/${created.body.data.id}`, 'DELETE');
      await platform.request('/api/institution/login', { method: 'POST', json: { email: bank.email, password: 'wrong-password' } });
      await send('institution/logout', 'POST', undefined, bank.token);

      const head = (await platform.store.head()).position;
      await waitForCheckpoints(platform.knex, REBUILT, head, 10_000);
      const before = await snapshot();
      expect(before.audit).toHaveLength(await eventCount());
      expect(before.institutions.length).toBeGreaterThanOrEqual(3);
      expect(before.admins).toHaveLength(2);

      for (const projection of allProjections(platform.store).filter((candidate) => REBUILT.includes(candidate.name))) {
        await resetProjection(platform.knex, projection);
      }
      expect(await platform.knex('audit_log').count({ count: '*' })).toEqual([{ count: '0' }]);
      await waitForCheckpoints(platform.knex, REBUILT, head, 10_000);
      expect(await snapshot()).toEqual(before);
    });
  });
});
