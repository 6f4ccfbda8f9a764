import { RESULTS } from '@credit/projectors/src/scoring/scoringTables';
import { READ_SHARE, READ_SHARE_WHILE_SCORING } from '../../src/platform/platform';
import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { heldProjection, lockedTable, untilWaiting, waitingForLock } from '../support/locks';
import { csvOf, settledBatch, starterRows, upload } from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

/** The query API's connections (platform.ts, READ_CONNECTIONS) and one institution's share of them. */
const CONNECTIONS = 16;
const SHARE = READ_SHARE;

/**
 * The query API's connections are shared by every institution: one institution's reads, however slow
 * (a lock held on the results table stands in for a plan that runs long), run at most SHARE at a
 * time, so another institution's screens still find a connection (README, "Bounded reads").
 */
describe("One institution's slow reads and another's screens", () => {
  let platform: TestPlatform;
  let slow: TestInstitution;
  let other: TestInstitution;

  beforeAll(async () => {
    platform = await startTestPlatform();
    const admin = await signInAsAdmin(platform);
    slow = await approvedInstitution(platform, admin, 'Banque Lente');
    other = await approvedInstitution(platform, admin, 'Autre Banque');
    const { headers, rows } = starterRows(10, 41);
    const uploaded = await upload(platform, slow.token, { name: 'clients.csv', content: csvOf(headers, rows) }, { batchName: 'Clients' });
    expect(uploaded.status).toBe(201);
    await settledBatch(platform, slow.token, uploaded.body.data.batch.id, uploaded.body.position);
  });
  afterAll(() => platform?.close());

  /** Each caller's reads running at once as `/api/health` says, asked until it is `expected` (it is refreshed every 250 ms). */
  const readsAtOnce = async (expected: number) => {
    const deadline = Date.now() + 10_000;
    let now: number | null = null;
    while (Date.now() < deadline) {
      now = (await platform.request('/api/health')).body.data.readsAtOnce;
      if (now === expected) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return now;
  };

  it('answers another institution while more of its reads wait than there are connections', async () => {
    expect(await readsAtOnce(SHARE)).toBe(SHARE); // the first upload's scoring over
    const lock = await lockedTable(platform.knex, RESULTS);
    let held: Promise<{ status: number }>[] = [];
    try {
      held = Array.from({ length: CONNECTIONS + 2 }, () =>
        platform.request('/api/result/getAllResults?page=1&limit=10', { headers: bearer(slow.token) }),
      );
      expect(await untilWaiting(platform.knex, SHARE)).toBe(SHARE);
      // The rest of its reads wait their turn in the platform, not on a connection.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await waitingForLock(platform.knex)).toBe(SHARE);

      const started = Date.now();
      const profile = await platform.request('/api/institution/profile/me', { headers: bearer(other.token) });
      expect({ status: profile.status, name: profile.body.data?.name }).toEqual({ status: 200, name: 'Autre Banque' });
      expect(Date.now() - started).toBeLessThan(10_000);
      // Answered while the slow institution's reads were still held.
      expect(await waitingForLock(platform.knex)).toBe(SHARE);
    } finally {
      await lock.release();
    }
    expect((await Promise.all(held)).map((answer) => answer.status)).toEqual(held.map(() => 200));
  });

  it("runs fewer of an institution's reads at once while another's upload waits to be scored, and all of them once it is scored", async () => {
    expect(await readsAtOnce(READ_SHARE)).toBe(READ_SHARE);
    // The scoring held back: its checkpoint row locked, the other institution's records wait.
    const scoring = await heldProjection(platform.knex, 'scoring');
    const lock = await lockedTable(platform.knex, RESULTS);
    let held: Promise<{ status: number }>[] = [];
    try {
      const { headers, rows } = starterRows(5, 42);
      const uploaded = await upload(platform, other.token, { name: 'autre.csv', content: csvOf(headers, rows) }, { batchName: 'Autre' });
      expect(uploaded.status).toBe(201);
      expect(await readsAtOnce(READ_SHARE_WHILE_SCORING)).toBe(READ_SHARE_WHILE_SCORING);

      const before = await waitingForLock(platform.knex); // the scoring's page waiting for its checkpoint
      held = Array.from({ length: READ_SHARE + 2 }, () =>
        platform.request('/api/result/getAllResults?page=1&limit=10', { headers: bearer(slow.token) }),
      );
      expect(await untilWaiting(platform.knex, before + READ_SHARE_WHILE_SCORING)).toBe(before + READ_SHARE_WHILE_SCORING);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await waitingForLock(platform.knex)).toBe(before + READ_SHARE_WHILE_SCORING);
    } finally {
      await scoring.release();
      await lock.release();
    }
    expect((await Promise.all(held)).map((answer) => answer.status)).toEqual(held.map(() => 200));
    // Scored: every place again.
    expect(await readsAtOnce(READ_SHARE)).toBe(READ_SHARE);
  });
});
