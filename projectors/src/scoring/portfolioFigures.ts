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

/** What a client's figures are counted from (portfolioFiguresOf): these columns of their latest result. */
const FIGURED = ['institution_id', 'batch_id', 'credit_limit', 'interest_rate', 'sum_normalised_credit_limit_weights'] as const;

/** Those columns of a result (`alias`), for a select list. */
export const figuredOf = (alias: string) => FIGURED.map((column) => `${alias}.${column}`).join(', ');

/** `moved`'s columns of a result (`alias`, a result or a row with its columns) as `side` (old or new): for its RETURNING. */
export const figuredAs = (alias: string, side: 'old' | 'new') =>
  FIGURED.map((column) => `${alias}.${column} AS ${side}_${column}`).join(', ');

/**
 * After a CTE `moved` of clients whose latest result changed, each row the old result's columns
 * (figuredAs 'old', all null for none) and the new one's (figuredAs 'new', null for none): each
 * client taken off their old result's figures and added to their new one's. The columns come with
 * `moved`, not from a join with the results: for a 100 000-record batch the planner read the whole
 * results table by id to join them (1.9 s at 3 600 000 results, issue 24).
 * `withOld` false: `moved` has no old side and returns only the new one's.
 */
export const moveInPortfolio = (withOld: boolean) => {
  const side = (name: 'old' | 'new', sign: number) =>
    `SELECT ${sign} AS sign, ${FIGURED.map((column) => `${name}_${column} AS ${column}`).join(', ')}
       FROM moved WHERE ${name}_institution_id IS NOT NULL`;
  return `
  INSERT INTO ${PORTFOLIO_FIGURES}
  SELECT ${portfolioFiguresOf('x', 'x.sign')}
    FROM (${withOld ? `${side('old', -1)} UNION ALL ` : ''}${side('new', 1)}) x
   GROUP BY 1, 2, 3, 4, 5
  ${PORTFOLIO_UPSERT}`;
};

/** A key no client is in any more has no row (as a rebuild, or a GROUP BY, would give). */
export async function dropEmptyPortfolioRows(trx: Knex.Transaction): Promise<void> {
  await trx(PORTFOLIO_FIGURES).where({ clients: 0 }).delete();
}

/** A failed batch's results are gone: so are the figures of the clients whose latest they were. */
export async function withdrawFromPortfolio(trx: Knex.Transaction, batchId: number): Promise<void> {
  await trx(PORTFOLIO_FIGURES).where({ batch_id: batchId }).delete();
}
