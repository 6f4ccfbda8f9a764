import { allProjections, resetProjection, waitForCheckpoints } from '@credit/projectors';
import { approvedInstitution, bearer, signedInMember, signInAsAdmin } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

const REBUILT = ['identity', 'account-status', 'audit', 'team'];

describe('Rebuilding the identity and audit projections', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(async () => platform.close());

  const snapshot = async () => ({
    institutions: await platform.knex('institutions').orderBy('id'),
    admins: await platform.knex('admins').orderBy('id'),
    statuses: await platform.knex('account_status_history').orderBy('position'),
    audit: await platform.knex('audit_log').orderBy('position'),
    members: await platform.knex('institution_members').orderBy('id'),
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
      const owner = { token: (await platform.request('/api/institution/login', { method: 'POST', json: bank })).body.token as string };
      const analyst = await signedInMember(platform, owner, 'analyst');
      const uploader = await signedInMember(platform, owner, 'uploader');
      await send(`institution/members/${analyst.id}`, 'PUT', { role: 'uploader' }, owner.token);
      await send(`institution/members/${analyst.id}/suspend`, 'POST', {}, owner.token);
      await send(`institution/members/${analyst.id}/reactivate`, 'POST', {}, owner.token);
      await send(`institution/members/${uploader.id}`, 'DELETE', undefined, owner.token);
      const invited = await send(
        'institution/members',
        'POST',
        { name: 'Ivan Invited', email: 'ivan@replay.test', role: 'analyst' },
        owner.token,
      );
      await send(`institution/members/${invited.body.data.id}/invite`, 'POST', {}, owner.token);

      const head = (await platform.store.head()).position;
      await waitForCheckpoints(platform.knex, REBUILT, head, 10_000);
      const before = await snapshot();
      expect(before.audit).toHaveLength(await eventCount());
      expect(before.institutions.length).toBeGreaterThanOrEqual(3);
      expect(before.admins).toHaveLength(2);
      expect(before.members.map((row: { status: string }) => row.status)).toEqual(['active', 'removed', 'invited']);

      // The transactions that wrote each audit row: a rebuilt row is written again, by another.
      const writers = async () =>
        new Set(
          (await platform.knex.raw<{ rows: { writer: string }[] }>('SELECT xmin::text AS writer FROM audit_log')).rows.map(
            (row) => row.writer,
          ),
        );
      const writtenBefore = await writers();
      for (const projection of allProjections(platform.store).filter((candidate) => REBUILT.includes(candidate.name))) {
        await resetProjection(platform.knex, projection);
      }
      // (The running projector may replay at once, so an empty table right after the reset is not something to wait for.)
      await waitForCheckpoints(platform.knex, REBUILT, head, 10_000);
      expect(await snapshot()).toEqual(before);
      expect([...(await writers())].filter((writer) => writtenBefore.has(writer))).toEqual([]);
    });
  });
});
