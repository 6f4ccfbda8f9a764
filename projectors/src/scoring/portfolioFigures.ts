import type { Knex } from 'knex';
import { LIMIT_BANDS, PORTFOLIO_FIGURES, PORTFOLIO_UPSERT, portfolioFiguresOf, RATE_STEP, SCORE_SCALE } from './portfolioFiguresTables';
import type { PlannedResult } from './runPlan';

type Figures = {
  limitBand: number;
  rateBand: number;
  scoreBucket: number;
  clients: number;
  creditLimit: number;
  cents: number;
  score: number;
};

/** A credit limit's band, as `portfolioFiguresOf` bands it in SQL. */
function limitBand(creditLimit: number): number {
  for (let index = LIMIT_BANDS.length - 1; index >= 0; index--) if (creditLimit >= LIMIT_BANDS[index]) return index;
  return -1;
}

/**
 * New clients point at their result from the start: counted in memory from the run's plan (the
 * rows were just built), each figure as `portfolioFiguresOf` computes it in SQL.
 */
export async function addNewClientsToPortfolio(
  trx: Knex.Transaction,
  institutionId: number,
  batchId: number,
  results: readonly PlannedResult[],
): Promise<void> {
  const byKey = new Map<string, Figures>();
  for (const result of results) {
    const cents = Math.round(result.interestRate * 100);
    const key = {
      limitBand: limitBand(result.creditLimit),
      rateBand: Math.floor(cents / (RATE_STEP * 100)),
      scoreBucket: Math.min(Math.floor(result.creditLimitWeights * 10), 9),
    };
    const name = `${key.limitBand}/${key.rateBand}/${key.scoreBucket}`;
    let figures = byKey.get(name);
    if (!figures) byKey.set(name, (figures = { ...key, clients: 0, creditLimit: 0, cents: 0, score: 0 }));
    figures.clients += 1;
    figures.creditLimit += result.creditLimit;
    figures.cents += cents;
    figures.score += Math.floor(result.creditLimitWeights * SCORE_SCALE);
  }
  if (byKey.size === 0) return;
  const rows = [...byKey.values()];
  await trx.raw(
    `INSERT INTO ${PORTFOLIO_FIGURES} (institution_id, batch_id, limit_band, rate_band, score_bucket, clients, credit_limit_sum, interest_rate_cents, score_sum)
     SELECT ?, ?, f.* FROM unnest(?::int[], ?::int[], ?::int[], ?::int[], ?::bigint[], ?::bigint[], ?::bigint[]) AS f
     ${PORTFOLIO_UPSERT}`,
    [
      institutionId,
      batchId,
      rows.map((row) => row.limitBand),
      rows.map((row) => row.rateBand),
      rows.map((row) => row.scoreBucket),
      rows.map((row) => row.clients),
      rows.map((row) => String(row.creditLimit)),
      rows.map((row) => String(row.cents)),
      rows.map((row) => String(row.score)),
    ] as never[],
  );
}

/**
 * After a CTE `moved (old_id, new_id)` of clients whose latest result changed (either id may be
 * null): each client taken off their old result's figures and added to their new one's.
 */
export const MOVE_IN_PORTFOLIO = `
  INSERT INTO ${PORTFOLIO_FIGURES}
  SELECT ${portfolioFiguresOf('x', 'm.sign')}
    FROM (SELECT old_id AS id, -1 AS sign FROM moved WHERE old_id IS NOT NULL
          UNION ALL SELECT new_id, 1 FROM moved WHERE new_id IS NOT NULL) m
    JOIN results x ON x.id = m.id
   GROUP BY 1, 2, 3, 4, 5
  ${PORTFOLIO_UPSERT}`;

/** A key no client is in any more has no row (as a rebuild, or a GROUP BY, would give). */
export async function dropEmptyPortfolioRows(trx: Knex.Transaction): Promise<void> {
  await trx(PORTFOLIO_FIGURES).where({ clients: 0 }).delete();
}

/** A failed batch's results are gone: so are the figures of the clients whose latest they were. */
export async function withdrawFromPortfolio(trx: Knex.Transaction, batchId: number): Promise<void> {
  await trx(PORTFOLIO_FIGURES).where({ batch_id: batchId }).delete();
}
