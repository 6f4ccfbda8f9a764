import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import {
  csvOf,
  handWrittenBatch,
  portfolioOutOfStep,
  rebuildScoring,
  referencesOutOfStep,
  searchOutOfStep,
  settledBatch,
  starterRows,
  upload,
} from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

/** The counts and sums the scoring projection keeps of results, as stored. */
const STORED = `SELECT batch_id, chunk, created_at, institution_id, results, approved, credit_limit_sum::text AS credit_limit_sum,
                       interest_rate_sum::text AS interest_rate_sum, credit_limit_score_sum, score_buckets
                  FROM result_figures ORDER BY batch_id, chunk, created_at`;

/**
 * The same figures counted from the results themselves: per chunk (the score summed in row order, as
 * the projection adds it), then, the batch completed, per batch and time under its first chunk (the
 * chunks' scores added in chunk order, as completion adds them).
 */
const COUNTED = `SELECT batch_id, min(chunk) AS chunk, created_at, min(institution_id) AS institution_id, sum(results)::int AS results,
                        sum(approved)::int AS approved, sum(credit_limit_sum)::text AS credit_limit_sum,
                        sum(interest_rate_sum)::text AS interest_rate_sum, sum(score ORDER BY chunk) AS credit_limit_score_sum
                   FROM (SELECT batch_id, chunk, created_at, min(institution_id) AS institution_id, count(*) AS results,
                                count(*) FILTER (WHERE credit_limit > 0) AS approved, sum(credit_limit) AS credit_limit_sum,
                                sum(interest_rate) AS interest_rate_sum, sum(sum_normalised_credit_limit_weights ORDER BY chunk_row) AS score
                           FROM results GROUP BY batch_id, chunk, created_at) AS chunks
                  GROUP BY batch_id, created_at ORDER BY batch_id, chunk, created_at`;

/** Results per score bucket (the dashboard's tenths), per batch and time, from the results. */
const BUCKETS = `SELECT batch_id, created_at, least(floor(sum_normalised_credit_limit_weights * 10), 9)::int AS bucket, count(*)::int AS clients
                   FROM results GROUP BY 1, 2, 3`;

describe('Counts and sums of results, kept as they are scored', () => {
  let platform: TestPlatform;
  let bank: TestInstitution;
  let other: TestInstitution;
  const key = (row: { batch_id: number; created_at: Date }) => `${row.batch_id}/${row.created_at.toISOString()}`;

  beforeAll(async () => {
    platform = await startTestPlatform();
    const admin = await signInAsAdmin(platform);
    bank = await approvedInstitution(platform, admin, 'Figures Bank');
    other = await approvedInstitution(platform, admin, 'Other Figures Bank');
  });
  afterAll(async () => platform.close());

  /** The results counted, with each batch's score buckets filled in from a second GROUP BY. */
  const counted = async () => {
    const rows = (await platform.knex.raw(COUNTED)).rows as { batch_id: number; chunk: number; created_at: Date }[];
    const byKey = new Map(rows.map((row) => [key(row), { ...row, score_buckets: new Array<number>(10).fill(0) }]));
    for (const bucket of (await platform.knex.raw(BUCKETS)).rows) byKey.get(key(bucket))!.score_buckets[bucket.bucket] += bucket.clients;
    return [...byKey.values()];
  };
  const stored = async () => (await platform.knex.raw(STORED)).rows;

  // Three uploads, a failing batch and a full rebuild (whose replay alone may take up to 60 s): 8–10 s
  // alone, but once 77 s in a loaded run, past jest's 60 s (2026-11-30); hence its own timeout.
  it('should equal a GROUP BY over the results for two institutions, withdraw a failed batch’s, and rebuild to the same rows', async () => {
    // Uploads of several chunks each (a chunk is at most 256 kB of records), one per institution, then
    // one that scores 1 500 of the first's clients again (their latest moves) with 500 new ones.
    const first = starterRows(3_000, 11);
    const reference = first.headers.indexOf('reference_number');
    const again = starterRows(2_000, 14);
    again.rows.slice(0, 1_500).forEach((row, index) => (row[reference] = first.rows[index * 2][reference]));
    for (const [institution, { headers, rows }, seed] of [
      [bank, first, 11],
      [other, starterRows(2_000, 12), 12],
      [bank, again, 14],
    ] as const) {
      const sent = await upload(platform, institution.token, { name: `figures-${seed}.csv`, content: csvOf(headers, rows) });
      expect(sent.status).toBe(201);
      expect(await settledBatch(platform, institution.token, sent.body.data.batch.id, sent.body.position)).toMatchObject({
        status: 'completed',
      });
    }
    // A hand-written batch whose third chunk names one client twice: the batch fails, and what it wrote goes.
    const { headers, rows } = starterRows(6, 13);
    rows.forEach((row, index) => (row[reference] = `F${index}`));
    const failing = handWrittenBatch(other, 8_301, { headers, modelVersion: (await platform.store.head()).position });
    const written = await platform.store.append('batch-8301', [
      failing.started(7, 3),
      failing.chunk(0, [rows[0], rows[1]]),
      failing.chunk(1, [rows[2]]),
      failing.chunk(2, [rows[3], rows[3], rows[4]]),
      failing.completed(4, 7),
    ]);
    expect(await settledBatch(platform, other.token, 8_301, written.position)).toMatchObject({ status: 'failed' });

    const live = await stored();
    const institutions = new Set(live.map((row: { institution_id: number }) => row.institution_id));
    expect(institutions).toEqual(new Set([bank.id, other.id]));
    // A completed batch's chunks added up: one row per batch (its records share the upload's time).
    expect(live.map((row: { batch_id: number }) => row.batch_id)).toEqual([
      ...new Set(live.map((row: { batch_id: number }) => row.batch_id)),
    ]);
    expect(live).toHaveLength(3);
    expect(live.some((row: { batch_id: number }) => row.batch_id === 8_301)).toBe(false);
    expect(live.reduce((sum: number, row: { results: number }) => sum + row.results, 0)).toBe(7_000);
    expect(live).toEqual(await counted());
    const portfolio = await platform
      .knex('portfolio_figures')
      .orderBy(['institution_id', 'batch_id', 'limit_band', 'rate_band', 'score_bucket']);
    expect(portfolio.reduce((sum: number, row: { clients: number }) => sum + row.clients, 0)).toBe(5_500);
    expect(await portfolioOutOfStep(platform)).toEqual([]);
    // The failed batch's new clients left the search with the clients themselves.
    expect(await searchOutOfStep(platform)).toEqual([]);
    expect(await referencesOutOfStep(platform)).toEqual([]);
    const searchRows = await platform.knex('client_search').orderBy('client_id');
    expect(searchRows).toHaveLength(5_500);

    await rebuildScoring(platform);
    expect(await stored()).toEqual(live);
    expect(await platform.knex('client_search').orderBy('client_id')).toEqual(searchRows);
    expect(
      await platform.knex('portfolio_figures').orderBy(['institution_id', 'batch_id', 'limit_band', 'rate_band', 'score_bucket']),
    ).toEqual(portfolio);
  }, 180_000);

  it('should give a batch’s summary and the portfolio’s batches the figures of its results', async () => {
    const { rows: batches } = await platform.knex.raw(
      `SELECT id FROM batches WHERE institution_id = ? AND status = 'completed' ORDER BY id`,
      [bank.id],
    );
    const batchId = batches[0].id;
    const [expected] = (
      await platform.knex.raw(
        `SELECT count(*)::int AS "totalClients", round(avg(credit_limit), 2)::float8 AS "avgCreditLimit",
                round(avg(interest_rate), 2)::float8 AS "avgInterestRate", sum(credit_limit)::float8 AS "totalCreditLimit"
           FROM results WHERE batch_id = ?`,
        [batchId],
      )
    ).rows;
    const details = await platform.request(`/api/result/batch/${batchId}?limit=1`, { headers: bearer(bank.token) });
    expect(details.status).toBe(200);
    expect(details.body.data.batchSummary).toEqual(expected);

    const performance = await platform.request('/api/institution/performance', { headers: bearer(bank.token) });
    const [averages] = (
      await platform.knex.raw(
        `SELECT count(*)::int AS clients, avg(credit_limit)::float8 AS limit, avg(interest_rate)::float8 AS rate,
                avg((credit_limit > 0)::int)::float8 AS approved FROM results WHERE batch_id = ?`,
        [batchId],
      )
    ).rows;
    expect(performance.body.data.batches).toHaveLength(2);
    expect(performance.body.data.batches).toContainEqual(
      expect.objectContaining({
        id: batchId,
        clients: 3_000,
        avgCreditLimit: Math.round(averages.limit),
        avgInterestRate: Math.round(averages.rate * 100) / 100,
        approvalRate: Math.round(averages.approved * 10_000) / 100,
      }),
    );
    // The portfolio: each client by their latest result, 3 000 + 500 new clients.
    const [latest] = (
      await platform.knex.raw(
        `SELECT count(*)::int AS clients, avg(r.credit_limit)::float8 AS limit, avg(r.interest_rate)::float8 AS rate,
                avg(r.sum_normalised_credit_limit_weights)::float8 AS score, sum(r.credit_limit)::float8 AS total
           FROM clients c JOIN results r ON r.id = c.latest_result_id WHERE c.institution_id = ?`,
        [bank.id],
      )
    ).rows;
    expect(performance.body.data).toMatchObject({
      clients: 3_500,
      avgCreditLimit: Math.round(latest.limit),
      avgInterestRate: Math.round(latest.rate * 100) / 100,
      avgScore: Math.round(latest.score * 10_000) / 100,
      totalCreditLimit: latest.total,
    });
  });
});
