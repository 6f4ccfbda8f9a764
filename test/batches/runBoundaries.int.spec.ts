import { approvedInstitution, signInAsAdmin, type TestInstitution } from '../support/actors';
import { handWrittenBatch, rebuildScoring, latestOutOfStep, resultsChecksum, settledBatch, starterRows } from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

/**
 * Hand-written batches (uploads never repeat a reference) whose chunks the live projection sees on
 * two pages and a rebuild on one: the outcome must be the same either way, ids included.
 */
describe('Batches whose chunks share clients, split differently live and in a rebuild', () => {
  let platform: TestPlatform;
  let bank: TestInstitution;
  const { headers, rows } = starterRows(8, 19);
  const reference = headers.indexOf('reference_number');
  rows.forEach((row, index) => (row[reference] = `S${index}`));

  beforeAll(async () => {
    platform = await startTestPlatform();
    bank = await approvedInstitution(platform, await signInAsAdmin(platform));
  });
  afterAll(async () => platform.close());

  /** Chunks 0–1 first (the projection applies them), then chunks 2–3 and the completion, all with one request's time. */
  const writeInTwoGoes = async (batchId: number, chunks: string[][][]) => {
    const batch = handWrittenBatch(bank, batchId, { headers, modelVersion: (await platform.store.head()).position });
    const total = chunks.reduce((sum, cells) => sum + cells.length, 0);
    const first = await platform.store.append(`batch-${batchId}`, [
      batch.started(total, chunks.length),
      batch.chunk(0, chunks[0]),
      batch.chunk(1, chunks[1]),
    ]);
    await settledBatch(platform, bank.token, batchId, first.position).catch(() => undefined);
    const rest = await platform.store.append(
      `batch-${batchId}`,
      [batch.chunk(2, chunks[2]), batch.chunk(3, chunks[3]), batch.completed(5, total)],
      {
        expectedRevision: first.revision,
      },
    );
    return settledBatch(platform, bank.token, batchId, rest.position);
  };

  const state = async () => ({
    results: await resultsChecksum(platform),
    counters: await platform.knex('scoring_counters').orderBy('name').select('name', 'value'),
    batches: await platform
      .knex('batches')
      .orderBy('id')
      .select('id', 'status', 'processed_records', 'failed_records', 'failure_reason', 'known_client_results'),
    clients: await platform.knex('clients').orderBy('id').select('id', 'reference_number', 'name', 'latest_result_id', 'created_batch_id'),
    figures: await platform.knex('result_figures').orderBy(['batch_id', 'chunk', 'created_at']).select(),
    portfolio: await platform
      .knex('portfolio_figures')
      .orderBy(['institution_id', 'batch_id', 'limit_band', 'rate_band', 'score_bucket'])
      .select(),
  });

  it('should give a client met in two chunks the same rows, and a chunk that fails the same failure, as one chunk at a time', async () => {
    // S0 again in chunk 2: the second chunk to meet it updates it.
    const repeated = await writeInTwoGoes(8101, [[rows[0], rows[1]], [rows[2]], [rows[3], [...rows[0]]], [rows[4]]]);
    expect(repeated).toMatchObject({ status: 'completed', processed_records: 6 });
    // S6 twice within chunk 2: PostgreSQL refuses that chunk, after chunks 0–1 took their ids.
    const failing = await writeInTwoGoes(8102, [[rows[5]], [rows[6]], [rows[7], rows[7]], [rows[1]]]);
    expect(failing).toMatchObject({ status: 'failed' });

    expect(await latestOutOfStep(platform)).toEqual([]);
    const live = await state();
    await rebuildScoring(platform);
    expect(await state()).toEqual(live);
  });
});
