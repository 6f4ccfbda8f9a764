import type { Migration } from '@credit/events';

export const PORTFOLIO_FIGURES = 'portfolio_figures';

/** Credit limit bands in XAF (from each, to the next): declined, then the results screen's badge thresholds and beyond. */
export const LIMIT_BANDS = [0, 1, 250_000, 500_000, 1_000_000, 2_000_000, 5_000_000] as const;
/** Interest rates are counted in bands this many points wide. */
export const RATE_STEP = 2;
/** Scores are summed as whole billionths (floor), so sums add and subtract exactly, live and in a rebuild. */
export const SCORE_SCALE = 1_000_000_000;

/**
 * The institution's portfolio, each client by their latest result, counted by the batch of that
 * result and by its credit limit band, interest rate band and score bucket (tenths): the scoring
 * projection adds a client where their latest result now is and takes them off where it was, so
 * /performance adds up a few hundred rows instead of joining every client to their result. Only
 * whole numbers: a sum of a million scores would otherwise depend on the order they came in.
 */
export type PortfolioFiguresRow = {
  institution_id: number;
  batch_id: number;
  limit_band: number;
  rate_band: number;
  score_bucket: number;
  clients: number;
  /** bigint, read as a string. */
  credit_limit_sum: string;
  /** bigint, read as a string. */
  interest_rate_cents: string;
  /** bigint (scores in billionths), read as a string. */
  score_sum: string;
};

/** The band of a credit limit `x.credit_limit` (−1 below 0, which no limit is). */
const limitBandSql = (alias: string) =>
  `CASE ${LIMIT_BANDS.map((from, index) => ({ from, index }))
    .reverse()
    .map(({ from, index }) => `WHEN ${alias}.credit_limit >= ${from} THEN ${index}`)
    .join(' ')} ELSE -1 END`;

/** A result `alias`'s key and sums, as the projection counts it (the same expressions the JS side mirrors). */
export const portfolioFiguresOf = (alias: string, sign = '1') => `
  ${alias}.institution_id, ${alias}.batch_id, ${limitBandSql(alias)}, floor(${alias}.interest_rate / ${RATE_STEP})::int,
  least(floor(${alias}.sum_normalised_credit_limit_weights * 10), 9)::int,
  sum(${sign})::int, sum(${sign} * ${alias}.credit_limit)::bigint, sum(${sign} * (${alias}.interest_rate * 100)::bigint)::bigint,
  sum(${sign} * floor(${alias}.sum_normalised_credit_limit_weights * ${SCORE_SCALE})::bigint)::bigint`;

/** Adds rows (already grouped by the key) to what is kept. */
export const PORTFOLIO_UPSERT = `ON CONFLICT (institution_id, batch_id, limit_band, rate_band, score_bucket) DO UPDATE SET
  clients = ${PORTFOLIO_FIGURES}.clients + excluded.clients,
  credit_limit_sum = ${PORTFOLIO_FIGURES}.credit_limit_sum + excluded.credit_limit_sum,
  interest_rate_cents = ${PORTFOLIO_FIGURES}.interest_rate_cents + excluded.interest_rate_cents,
  score_sum = ${PORTFOLIO_FIGURES}.score_sum + excluded.score_sum`;

export const portfolioFiguresMigrations: Migration[] = [
  {
    name: '20261127230100_create_portfolio_figures',
    async up(knex) {
      await knex.raw(`
        CREATE TABLE portfolio_figures (
          institution_id      integer NOT NULL,
          batch_id            integer NOT NULL,
          limit_band          integer NOT NULL,
          rate_band           integer NOT NULL,
          score_bucket        integer NOT NULL,
          clients             integer NOT NULL,
          credit_limit_sum    bigint NOT NULL,
          interest_rate_cents bigint NOT NULL,
          score_sum           bigint NOT NULL,
          PRIMARY KEY (institution_id, batch_id, limit_band, rate_band, score_bucket)
        );
        INSERT INTO portfolio_figures
          SELECT ${portfolioFiguresOf('r')} FROM clients c JOIN results r ON r.id = c.latest_result_id GROUP BY 1, 2, 3, 4, 5;
      `);
    },
    async down(knex) {
      await knex.raw('DROP TABLE IF EXISTS portfolio_figures');
    },
  },
];
