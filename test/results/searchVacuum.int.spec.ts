import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { csvOf, searchOutOfStep, settledBatch, starterRows, upload } from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

/**
 * A file that scores many clients again writes each one's search row again; a search with no trigram
 * reads all of them, old versions included, so the completion vacuums them (batchRows' afterCompletion).
 */
describe('The search rows after a monthly file', () => {
  let platform: TestPlatform;
  let bank: TestInstitution;
  const { headers, rows } = starterRows(10_000, 47);

  const uploaded = async (name: string) => {
    const response = await upload(platform, bank.token, { name: `${name}.csv`, content: csvOf(headers, rows) }, { batchName: name });
    expect(response.status).toBe(201);
    await settledBatch(platform, bank.token, response.body.data.batch.id, response.body.position);
  };
  /** The search rows' manual vacuums (autovacuum counts apart) and their row versions no longer visible to anyone. */
  const searchRows = async () => {
    const { rows: stats } = await platform.knex.raw(
      `SELECT vacuum_count, n_dead_tup FROM pg_stat_user_tables WHERE relname = 'client_search'`,
    );
    return { vacuums: Number(stats[0].vacuum_count), dead: Number(stats[0].n_dead_tup) };
  };
  /** Waits for what runs after a completion's commit (the batch reads as completed a moment before). */
  const settled = async (done: () => Promise<boolean>) => {
    const deadline = Date.now() + 20_000;
    while (!(await done()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    return done();
  };
  const pendingMerged = async () =>
    Number(
      (await platform.knex.raw(`SELECT pending_tuples FROM pgstatginindex('client_search_by_institution')`)).rows[0].pending_tuples,
    ) === 0;

  beforeAll(async () => {
    platform = await startTestPlatform();
    const admin = await signInAsAdmin(platform);
    bank = await approvedInstitution(platform, admin, 'Banque Mensuelle');
    await platform.knex.raw('CREATE EXTENSION IF NOT EXISTS pgstattuple');
  });
  afterAll(async () => platform.close());

  it('should leave a first file’s new rows to autovacuum, and vacuum the old versions a second file of the same clients leaves', async () => {
    await uploaded('January');
    // The pending list merged is the end of the first completion's work: nothing was vacuumed.
    expect(await settled(pendingMerged)).toBe(true);
    expect((await searchRows()).vacuums).toBe(0);

    await uploaded('February');
    expect(await settled(async () => (await searchRows()).vacuums === 1)).toBe(true);
    // Every client's row was written again (February's id added to its batches), and the old versions are gone.
    expect((await searchRows()).dead).toBeLessThan(1_000);
    expect(await pendingMerged()).toBe(true);
    expect(await searchOutOfStep(platform)).toEqual([]);
    // A search without a trigram (two characters of the first reference) still finds both of its results.
    const typed = rows[0][headers.indexOf('reference_number')].slice(0, 2);
    const found = await platform.request(`/api/result/getAllResults?limit=1&search=${encodeURIComponent(typed)}`, {
      headers: bearer(bank.token),
    });
    expect(found.status).toBe(200);
    expect(found.body.data.pagination.total).toBeGreaterThanOrEqual(2);
  });
});
