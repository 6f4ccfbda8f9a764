import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { handWrittenBatch, rebuildScoring, searchOutOfStep, settledBatch, starterRows } from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

/**
 * A result counts in its client's search row as soon as it is written; a search leaves out the
 * batches still being scored, in its totals as in its rows, until they complete.
 */
describe('Searching while a batch is scored', () => {
  let platform: TestPlatform;
  let bank: TestInstitution;
  const { headers, rows } = starterRows(3, 23);
  const reference = headers.indexOf('reference_number');
  ['S1', 'S2', 'S3'].forEach((name, index) => (rows[index][reference] = name));

  beforeAll(async () => {
    platform = await startTestPlatform();
    bank = await approvedInstitution(platform, await signInAsAdmin(platform));
  });
  afterAll(async () => platform.close());

  const batch = async (batchId: number) =>
    handWrittenBatch(bank, batchId, { headers, modelVersion: (await platform.store.head()).position, name: `Batch ${batchId}` });
  const listed = async (path: string, asOf: number) => {
    const response = await platform.request(`/api/result/${path}`, { headers: { ...bearer(bank.token), 'X-Min-Position': String(asOf) } });
    expect(response.status).toBe(200);
    const { results, pagination } = response.body.data as {
      results: { client: { reference_number: string } }[];
      pagination: { total: number };
    };
    return { total: pagination.total, references: results.map((result) => result.client.reference_number).sort() };
  };

  it('should count and list only completed batches’ results, and the new batch’s once it completes', async () => {
    const first = await batch(9200);
    const done = await platform.store.append('batch-9200', [
      first.started(2, 1),
      first.chunk(0, [rows[0], rows[1]]),
      first.completed(2, 2),
    ]);
    expect(await settledBatch(platform, bank.token, 9200, done.position)).toMatchObject({ status: 'completed' });

    // Being scored: S1 again (an existing client) and S3 (a new one).
    const second = await batch(9201);
    const begun = await platform.store.append('batch-9201', [second.started(2, 1), second.chunk(0, [rows[0], rows[2]])]);
    const all = `institution/${bank.id}?limit=50`;
    expect(await listed(`${all}&search=S`, begun.position)).toEqual({ total: 2, references: ['S1', 'S2'] });
    expect(await listed(`${all}&search=S1`, begun.position)).toEqual({ total: 1, references: ['S1'] });
    expect(await listed(`${all}&view=clients&search=S`, begun.position)).toEqual({ total: 2, references: ['S1', 'S2'] });
    expect(await listed(`${all}&view=clients&search=S3`, begun.position)).toEqual({ total: 0, references: [] });
    // A batch's search counts every batch at once; the one being scored is neither shown nor kept.
    expect(await listed(`batch/9200?limit=50&search=S`, begun.position)).toEqual({ total: 2, references: ['S1', 'S2'] });
    expect(await listed(`batch/9201?limit=50&search=S`, begun.position)).toEqual({ total: 0, references: [] });
    expect(await searchOutOfStep(platform)).toEqual([]);

    const completed = await platform.store.append('batch-9201', [second.completed(2, 2)]);
    expect(await settledBatch(platform, bank.token, 9201, completed.position)).toMatchObject({ status: 'completed' });
    expect(await listed(`${all}&search=S`, completed.position)).toEqual({ total: 4, references: ['S1', 'S1', 'S2', 'S3'] });
    expect(await listed(`${all}&search=S1`, completed.position)).toEqual({ total: 2, references: ['S1', 'S1'] });
    expect(await listed(`${all}&view=clients&search=S`, completed.position)).toEqual({ total: 3, references: ['S1', 'S2', 'S3'] });
    expect(await listed(`batch/9201?limit=50&search=S`, completed.position)).toEqual({ total: 2, references: ['S1', 'S3'] });
    expect(await searchOutOfStep(platform)).toEqual([]);

    const before = await platform.knex('client_search').orderBy('client_id');
    await rebuildScoring(platform);
    expect(await platform.knex('client_search').orderBy('client_id')).toEqual(before);
  });
});
