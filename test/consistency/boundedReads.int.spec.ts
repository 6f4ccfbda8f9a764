import { RESULTS } from '@credit/projectors/src/scoring/scoringTables';
import { READ_TOOK_TOO_LONG } from '../../query-api/src/boundedReads';
import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { lockedTable, untilWaiting, waitingForLock } from '../support/locks';
import { csvOf, settledBatch, starterRows, upload } from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

const STATEMENT_TIMEOUT_MS = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The query API's statements are stopped at READ_STATEMENT_TIMEOUT_MS (README, "Bounded reads"); the
 * commands' and the projectors' are not. A lock held on the results table stands in for a read whose
 * plan runs too long: the statement waits, as a slow one runs, until the bound stops it.
 */
describe('Bounded reads', () => {
  let platform: TestPlatform;
  let bank: TestInstitution;
  const { headers, rows } = starterRows(40, 31);

  beforeAll(async () => {
    platform = await startTestPlatform({ env: { READ_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS) } });
    bank = await approvedInstitution(platform, await signInAsAdmin(platform));
    const first = await upload(
      platform,
      bank.token,
      { name: 'first.csv', content: csvOf(headers, rows.slice(0, 20)) },
      { batchName: 'First' },
    );
    expect(first.status).toBe(201);
    await settledBatch(platform, bank.token, first.body.data.batch.id, first.body.position);
  });
  afterAll(() => platform?.close());

  const results = () => platform.request('/api/result/getAllResults?page=1&limit=10', { headers: bearer(bank.token) });

  it('stops a read past the bound with 504 and a message to act on, frees its PostgreSQL process, and counts it in /api/health', async () => {
    const before = (await platform.request('/api/health')).body.data.slowReads;
    const lock = await lockedTable(platform.knex, RESULTS);
    try {
      const started = Date.now();
      const answer = await results();
      expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 504, message: READ_TOOK_TOO_LONG });
      // Stopped at the bound, not when the lock went away.
      expect(Date.now() - started).toBeLessThan(10_000);
      // The statement no longer waits: its process and connection are free while the lock is still held.
      expect(await waitingForLock(platform.knex)).toBe(0);
    } finally {
      await lock.release();
    }
    expect((await platform.request('/api/health')).body.data.slowReads).toBe(before + 1);

    const after = await results();
    expect(after.status).toBe(200);
    expect(after.body.data.pagination.total).toBe(20);
  });

  it("leaves an upload's scoring unbounded: a batch held up for several times the bound is scored in full", async () => {
    const lock = await lockedTable(platform.knex, RESULTS);
    let uploading: ReturnType<typeof upload> | undefined;
    try {
      uploading = upload(platform, bank.token, { name: 'second.csv', content: csvOf(headers, rows.slice(20)) }, { batchName: 'Second' });
      // The upload's statements reach the locked table and wait there, past the read bound.
      expect(await untilWaiting(platform.knex, 1)).toBeGreaterThan(0);
      await sleep(STATEMENT_TIMEOUT_MS * 4);
      expect(await waitingForLock(platform.knex)).toBeGreaterThan(0);
    } finally {
      await lock.release();
    }
    const second = await uploading!;
    expect(second.status).toBe(201);
    const batch = await settledBatch(platform, bank.token, second.body.data.batch.id, second.body.position);
    expect(batch).toMatchObject({ status: 'completed', total_records: 20 });
    const health = (await platform.request('/api/health')).body.data;
    expect(health.projections.filter((projection: { failedEvents: number }) => projection.failedEvents > 0)).toEqual([]);
  });
});
