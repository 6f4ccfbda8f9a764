import type { Knex } from 'knex';
import { RESULT_FIGURES, SCORE_BUCKETS } from './resultFiguresTables';
import type { BatchBeingScored, PlannedResult } from './runPlan';

/** A chunk's figures as the projection counts them, before they are written. */
type ChunkFigures = {
  chunk: number;
  results: number;
  approved: number;
  creditLimitSum: number;
  interestRateCents: number;
  scoreSum: number;
  scoreBuckets: number[];
};

/**
 * The figures of a run's results, one per chunk, in memory: the rows were just built, and adding
 * them up here is cheaper than reading back the rows just copied with a GROUP BY.
 */
export function figuresOfRun(results: readonly PlannedResult[]): ChunkFigures[] {
  const byChunk = new Map<number, ChunkFigures>();
  for (const result of results) {
    let figures = byChunk.get(result.chunk);
    if (!figures) {
      figures = {
        chunk: result.chunk,
        results: 0,
        approved: 0,
        creditLimitSum: 0,
        interestRateCents: 0,
        scoreSum: 0,
        scoreBuckets: new Array<number>(SCORE_BUCKETS).fill(0),
      };
      byChunk.set(result.chunk, figures);
    }
    const score = result.creditLimitWeights;
    figures.results += 1;
    if (result.creditLimit > 0) figures.approved += 1;
    figures.creditLimitSum += result.creditLimit;
    // Rates have 2 decimals (numeric(7, 2)): summed in cents they stay exact.
    figures.interestRateCents += Math.round(result.interestRate * 100);
    // In chunk-row order from 0, as sum(… ORDER BY chunk_row) adds them.
    figures.scoreSum = figures.results === 1 ? score : figures.scoreSum + score;
    const bucket = Math.min(Math.floor(score * SCORE_BUCKETS), SCORE_BUCKETS - 1);
    if (bucket >= 0) figures.scoreBuckets[bucket] += 1;
  }
  return [...byChunk.values()];
}

/** Adds a run's figures (a chunk met again adds to its row). */
export async function addResultFigures(
  trx: Knex.Transaction,
  batch: BatchBeingScored,
  results: readonly PlannedResult[],
  at: string,
): Promise<void> {
  const figures = figuresOfRun(results);
  if (figures.length === 0) return;
  await trx.raw(
    `INSERT INTO ${RESULT_FIGURES} (batch_id, chunk, created_at, institution_id, results, approved, credit_limit_sum,
                                    interest_rate_sum, credit_limit_score_sum, score_buckets)
     -- Rounded to 2 decimals so the sum keeps the rates' scale, and an average divides as avg(interest_rate) does.
     SELECT ?, f.chunk, ?::timestamptz, ?, f.results, f.approved, f.credit_limit_sum, round(f.cents / 100.0, 2), f.score, f.buckets::int[]
       FROM unnest(?::int[], ?::int[], ?::int[], ?::bigint[], ?::bigint[], ?::float8[], ?::text[])
            AS f(chunk, results, approved, credit_limit_sum, cents, score, buckets)
     ON CONFLICT (batch_id, chunk, created_at) DO UPDATE SET
       results = ${RESULT_FIGURES}.results + excluded.results,
       approved = ${RESULT_FIGURES}.approved + excluded.approved,
       credit_limit_sum = ${RESULT_FIGURES}.credit_limit_sum + excluded.credit_limit_sum,
       interest_rate_sum = ${RESULT_FIGURES}.interest_rate_sum + excluded.interest_rate_sum,
       credit_limit_score_sum = ${RESULT_FIGURES}.credit_limit_score_sum + excluded.credit_limit_score_sum,
       score_buckets = ARRAY(SELECT a + b FROM unnest(${RESULT_FIGURES}.score_buckets, excluded.score_buckets) AS s(a, b))`,
    [
      batch.id,
      at,
      batch.institutionId,
      figures.map((row) => row.chunk),
      figures.map((row) => row.results),
      figures.map((row) => row.approved),
      figures.map((row) => String(row.creditLimitSum)),
      figures.map((row) => String(row.interestRateCents)),
      figures.map((row) => row.scoreSum),
      figures.map((row) => `{${row.scoreBuckets.join(',')}}`),
    ] as never[],
  );
}

/** A failed batch's results are withdrawn, and their figures with them. */
export async function withdrawResultFigures(trx: Knex.Transaction, batchId: number): Promise<void> {
  await trx(RESULT_FIGURES).where({ batch_id: batchId }).delete();
}
