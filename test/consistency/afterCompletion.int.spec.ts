import { approvedInstitution, signInAsAdmin, type TestInstitution } from '../support/actors';
import { csvOf, settledBatch, starterRows, upload } from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

/**
 * What a large batch's completion runs for the screens (the planner's statistics, the search rows'
 * vacuum: batchRows' afterCompletion) takes seconds at a million results. It runs beside the
 * scoring projection's next pages, so another institution's upload is scored meanwhile.
 */
describe('Another institution’s upload while a large batch’s completion work runs', () => {
  let platform: TestPlatform;
  let large: TestInstitution;
  let small: TestInstitution;

  const uploaded = async (bank: TestInstitution, name: string, rows: number, seed: number) => {
    const file = starterRows(rows, seed);
    const response = await upload(
      platform,
      bank.token,
      { name: `${name}.csv`, content: csvOf(file.headers, file.rows) },
      { batchName: name },
    );
    expect(response.status).toBe(201);
    return response.body as { data: { batch: { id: number } }; position: number };
  };
  /** The completion's statistics refresh, as another connection sees it. */
  const analyze = async () => {
    const { rows } = await platform.knex.raw(
      `SELECT wait_event_type FROM pg_stat_activity WHERE query LIKE 'ANALYZE %' AND pid <> pg_backend_pid()`,
    );
    return rows[0] as { wait_event_type: string | null } | undefined;
  };
  const manualAnalyses = async () =>
    Number((await platform.knex.raw(`SELECT analyze_count FROM pg_stat_user_tables WHERE relname = 'results'`)).rows[0].analyze_count);
  const until = async (done: () => Promise<boolean>) => {
    const deadline = Date.now() + 30_000;
    while (!(await done()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    return done();
  };

  beforeAll(async () => {
    platform = await startTestPlatform();
    const admin = await signInAsAdmin(platform);
    large = await approvedInstitution(platform, admin, 'Banque Volumineuse');
    small = await approvedInstitution(platform, admin, 'Coopérative Voisine');
  });
  afterAll(async () => platform.close());

  it('should score and answer the other institution’s file while the statistics refresh waits', async () => {
    // A lock the statistics refresh needs and the scoring's writes do not: the refresh waits on it as
    // long as this transaction is open, as a slow one would take its time.
    const holder = await platform.knex.transaction();
    try {
      await holder.raw('LOCK TABLE results IN SHARE UPDATE EXCLUSIVE MODE');
      const january = await uploaded(large, 'January', 10_000, 11);
      expect((await settledBatch(platform, large.token, january.data.batch.id, january.position)).status).toBe('completed');
      expect(await until(async () => (await analyze())?.wait_event_type === 'Lock')).toBe(true);

      const neighbour = await uploaded(small, 'Voisins', 20, 12);
      const batch = await settledBatch(platform, small.token, neighbour.data.batch.id, neighbour.position, 30_000);
      expect(batch.status).toBe('completed');
      expect(batch.processed_records).toBe(20);
      // Still waiting: the neighbour's batch did not wait for it.
      expect((await analyze())?.wait_event_type).toBe('Lock');
      expect(await manualAnalyses()).toBe(0);
    } finally {
      await holder.rollback();
    }
    expect(await until(async () => (await manualAnalyses()) === 1)).toBe(true);
  });
});
