import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import {
  csvOf,
  handWrittenBatch,
  latestOutOfStep,
  portfolioOutOfStep,
  rebuildScoring,
  referencesOutOfStep,
  searchOutOfStep,
  resultsChecksum,
  settledBatch,
  starterRows,
  upload,
} from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';
import { RESULTS } from '@credit/projectors/src/readModels';

type Listed = {
  id: number;
  uploadBatchId: number;
  credit_limit: number;
  interest_rate: number;
  createdAt: string;
  client: { reference_number: string; name: string; email: string };
  uploadBatch: { name: string };
};

describe('Results, latest per client (view=clients)', () => {
  let platform: TestPlatform;
  let bank: TestInstitution;
  const batchIds: Record<string, number> = {};
  const { headers, rows } = starterRows(6, 11);
  const reference = headers.indexOf('reference_number');
  const refs = ['R1', 'R2', 'R3', 'R4', 'R5', 'R6'];
  rows.forEach((row, index) => (row[reference] = refs[index]));

  const uploaded = async (name: string, picked: string[][]) => {
    const response = await upload(platform, bank.token, { name: `${name}.csv`, content: csvOf(headers, picked) }, { batchName: name });
    expect(response.status).toBe(201);
    batchIds[name] = response.body.data.batch.id;
    return settledBatch(platform, bank.token, response.body.data.batch.id, response.body.position);
  };
  const listed = async (query: string): Promise<Listed[]> => {
    const response = await platform.request(`/api/result/institution/${bank.id}?limit=100&${query}`, { headers: bearer(bank.token) });
    expect(response.status).toBe(200);
    return response.body.data.results;
  };
  /** Each client's latest batch after the first two batches: R1 only in the first, R2–R5 in the second. */
  const afterFirstTwo = () => ({
    R1: batchIds.first,
    R2: batchIds.second,
    R3: batchIds.second,
    R4: batchIds.second,
    R5: batchIds.second,
  });
  const byReference = (results: Listed[]) =>
    Object.fromEntries(results.map((result) => [result.client.reference_number, result.uploadBatchId]).sort());

  beforeAll(async () => {
    platform = await startTestPlatform();
    bank = await approvedInstitution(platform, await signInAsAdmin(platform));
    await uploaded('first', rows.slice(0, 3));
    await uploaded('second', rows.slice(1, 5));
  });
  afterEach(async () => {
    expect(await latestOutOfStep(platform)).toEqual([]);
    expect(await portfolioOutOfStep(platform)).toEqual([]);
    expect(await searchOutOfStep(platform)).toEqual([]);
    expect(await referencesOutOfStep(platform)).toEqual([]);
  });
  afterAll(async () => platform.close());

  it('should show each client once, with the result of the batch that scored it last', async () => {
    expect(await listed('view=batches')).toHaveLength(7);
    expect(byReference(await listed('view=clients'))).toEqual(afterFirstTwo());
  });

  it('should filter, sort and count the latest results only', async () => {
    const latest = await listed('view=clients&sortBy=credit_limit&sortOrder=asc');
    const limits = latest.map((result) => result.credit_limit);
    expect(limits).toEqual([...limits].sort((a, b) => a - b));
    const page = await platform.request(`/api/result/institution/${bank.id}?view=clients&limit=2&page=2`, { headers: bearer(bank.token) });
    expect(page.body.data.pagination).toMatchObject({ total: 5, page: 2 });
    expect(byReference(await listed('view=clients&search=R1'))).toEqual({ R1: batchIds.first });
    const rates = (await listed('view=clients&sortBy=interest_rate&sortOrder=desc')).map((result) => result.interest_rate);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    // The amount filter applies to each client's latest result, never to an older one.
    const threshold = [...limits].sort((a, b) => a - b)[2];
    expect((await listed(`view=clients&minAmount=${threshold}`)).map((result) => result.id).sort()).toEqual(
      latest
        .filter((result) => result.credit_limit >= threshold)
        .map((result) => result.id)
        .sort(),
    );
    const day = latest[0].createdAt.slice(0, 10);
    expect(await listed(`view=clients&dateFrom=${day}&dateTo=${day}`)).toHaveLength(5);
    expect(await listed('view=clients&dateTo=2000-01-01')).toHaveLength(0);
    expect(byReference(await listed('view=clients&search=second'))).toEqual({
      R2: batchIds.second,
      R3: batchIds.second,
      R4: batchIds.second,
      R5: batchIds.second,
    });
  });

  it('should keep the latest results as they were when a later batch of the same clients fails', async () => {
    const batchId = 9001;
    const failing = handWrittenBatch(bank, batchId, { headers, modelVersion: (await platform.store.head()).position, name: 'Failing' });
    // R1 again, and R6 twice: PostgreSQL's unique key refuses the chunk, so the batch fails.
    const { position } = await platform.store.append(`batch-${batchId}`, [
      failing.started(3, 1),
      failing.chunk(0, [rows[0], rows[5], rows[5]]),
      failing.completed(2, 3),
    ]);
    expect(await settledBatch(platform, bank.token, batchId, position)).toMatchObject({ status: 'failed' });
    expect(byReference(await listed('view=clients'))).toEqual(afterFirstTwo());
  });

  it('should take a completed batch back out of the listing and the search totals when it fails afterwards', async () => {
    const batchId = 9002;
    const late = handWrittenBatch(bank, batchId, { headers, modelVersion: (await platform.store.head()).position, name: 'Failed late' });
    const scored = await platform.store.append(`batch-${batchId}`, [
      late.started(2, 1),
      late.chunk(0, [rows[1], rows[2]]),
      late.completed(2, 2),
    ]);
    expect(await settledBatch(platform, bank.token, batchId, scored.position)).toMatchObject({ status: 'completed' });
    expect(byReference(await listed('view=clients&search=R2'))).toEqual({ R2: batchId });
    const total = async (query: string) =>
      (await platform.request(`/api/result/institution/${bank.id}?${query}`, { headers: bearer(bank.token) })).body.data.pagination.total;
    expect(await total('search=R2')).toBe(3);
    const details = async () =>
      (await platform.request(`/api/result/batch/${batchId}?limit=10`, { headers: bearer(bank.token) })).body.data;
    expect((await details()).results).toHaveLength(2);
    const { position } = await platform.store.append(`batch-${batchId}`, [late.failed(3, 'withdrawn after completing')]);
    expect(await settledBatch(platform, bank.token, batchId, position)).toMatchObject({ status: 'failed' });
    // Its own details list nothing once it is withdrawn.
    expect(await details()).toMatchObject({ results: [], pagination: { total: 0 }, batch: { status: 'failed' } });

    // Nor do a batch's details while it is scored, though its first records' results are stored.
    const pendingId = 9003;
    const pending = handWrittenBatch(bank, pendingId, { headers, modelVersion: (await platform.store.head()).position, name: 'Pending' });
    const begun = await platform.store.append(`batch-${pendingId}`, [pending.started(2, 1), pending.chunk(0, [rows[3], rows[4]])]);
    const asOf = { ...bearer(bank.token), 'X-Min-Position': String(begun.position) };
    const whileScored = await platform.request(`/api/result/batch/${pendingId}?limit=10`, { headers: asOf });
    expect(whileScored.body.data).toMatchObject({ results: [], pagination: { total: 0 }, batch: { status: 'processing' } });
    expect(Number((await platform.knex(RESULTS).where({ batch_id: pendingId }).count('* as count'))[0].count)).toBe(2);
    // R2 and R3 back at their latest in a completed batch; the totals count only completed batches' results.
    expect(byReference(await listed('view=clients&search=R'))).toEqual(afterFirstTwo());
    expect(await total('search=R2')).toBe(2);
    expect(await total('view=clients&search=R')).toBe(5);
  });

  it('should show a client its new latest once a third batch completes, and rebuild to the same rows', async () => {
    await uploaded('third', [rows[0], rows[5]]);
    expect(byReference(await listed('view=clients'))).toEqual({
      R1: batchIds.third,
      R2: batchIds.second,
      R3: batchIds.second,
      R4: batchIds.second,
      R5: batchIds.second,
      R6: batchIds.third,
    });
    const before = await resultsChecksum(platform);
    await rebuildScoring(platform);
    expect(await resultsChecksum(platform)).toEqual(before);
    expect(byReference(await listed('view=clients'))).toHaveProperty('R1', batchIds.third);
  });

  it('should search names, references, emails and batch names in both views, newest first, as the full list says', async () => {
    for (const view of ['batches', 'clients']) {
      const all = await listed(`view=${view}`);
      const client = all[0].client;
      for (const search of ['first', 'ird', 'R2', client.name.slice(2, 6), client.email.slice(0, 4).toUpperCase(), 'd', 'R', 'zzz']) {
        const needle = search.toLowerCase();
        const expected = all.filter((result) =>
          [result.client.name, result.client.reference_number, result.client.email, result.uploadBatch.name].some((text) =>
            text.toLowerCase().includes(needle),
          ),
        );
        const found = await listed(`view=${view}&search=${encodeURIComponent(search)}`);
        expect({ view, search, ids: found.map((result) => result.id) }).toEqual({ view, search, ids: expected.map((result) => result.id) });
      }
    }
    // Within one batch, a part of its own name matches every row; a reference only its client's.
    const inSecond = async (search: string) => {
      const response = await platform.request(`/api/result/batch/${batchIds.second}?limit=100&search=${search}`, {
        headers: bearer(bank.token),
      });
      return Object.keys(byReference(response.body.data.results));
    };
    expect(await inSecond('ECO')).toEqual(['R2', 'R3', 'R4', 'R5']);
    expect(await inSecond('r3')).toEqual(['R3']);
  });
});
