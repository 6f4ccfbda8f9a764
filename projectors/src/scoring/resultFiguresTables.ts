import type { Migration } from '@credit/events';
import { COMPLETED_STATUSES_SQL } from './scoringTables';

export const RESULT_FIGURES = 'result_figures';

/** How many buckets the credit-limit score (0–1) is counted in: tenths, a score of 1 in the last. */
export const SCORE_BUCKETS = 10;

/** A result's score bucket as the dashboard's chart has always counted it (a negative score in none). */
export const SCORE_BUCKET_SQL = `least(floor(sum_normalised_credit_limit_weights * ${SCORE_BUCKETS}), ${SCORE_BUCKETS - 1})`;

/**
 * The counts and sums of one chunk of a batch's results, kept as the results are written, so the
 * dashboard, the portfolio's batches and a batch's summary add up a few rows per batch instead of
 * reading its results. Keyed by chunk, not by run: a run is split differently live and in a rebuild,
 * a chunk never is, so its sums (the score's a float summed in row order) come out the same bits.
 * `credit_limit_sum` and `interest_rate_sum` are exact; a chunk with no result has no row.
 */
export type ResultFiguresRow = {
  batch_id: number;
  chunk: number;
  created_at: Date;
  institution_id: number;
  results: number;
  /** Results with a credit limit above 0. */
  approved: number;
  /** bigint, read as a string. */
  credit_limit_sum: string;
  /** numeric, read as a string. */
  interest_rate_sum: string;
  credit_limit_score_sum: number;
  /** Results per tenth of the credit-limit score, as `least(floor(score * 10), 9)` buckets it. */
  score_buckets: number[];
};

/**
 * A statement that adds the figures of the batches `batches` selects (a subquery of batch ids, with
 * its bindings) into one row per batch and time, under the batch's first chunk: a completed batch
 * gets no more results, and the dashboard and the portfolio then add up a row per batch instead of
 * one per chunk (868 rows for ten batches of 100 000 records: 2.3–4.7 ms a dashboard). The score is
 * added in chunk order, so a rebuild comes to the same bits.
 */
export const collapseResultFigures = (batches: string) => `
  WITH chunks AS (DELETE FROM ${RESULT_FIGURES} WHERE batch_id IN (${batches}) RETURNING *)
  INSERT INTO ${RESULT_FIGURES}
    SELECT batch_id, min(chunk), created_at, institution_id, sum(results), sum(approved), sum(credit_limit_sum), sum(interest_rate_sum),
           sum(credit_limit_score_sum ORDER BY chunk),
           ARRAY[${Array.from({ length: SCORE_BUCKETS }, (_, bucket) => `sum(score_buckets[${bucket + 1}])`).join(', ')}]::int[]
      FROM chunks GROUP BY batch_id, created_at, institution_id`;

export const resultFiguresMigrations: Migration[] = [
  {
    name: '20261127230000_create_result_figures',
    async up(knex) {
      await knex.raw(`
        CREATE TABLE result_figures (
          batch_id               integer NOT NULL,
          chunk                  integer NOT NULL,
          created_at             timestamptz NOT NULL,
          institution_id         integer NOT NULL,
          results                integer NOT NULL,
          approved               integer NOT NULL,
          credit_limit_sum       bigint NOT NULL,
          interest_rate_sum      numeric NOT NULL,
          credit_limit_score_sum double precision NOT NULL,
          score_buckets          integer[] NOT NULL,
          PRIMARY KEY (batch_id, chunk, created_at)
        );
        CREATE INDEX result_figures_institution ON result_figures (institution_id, created_at);
        -- Results already written are counted once here; the score summed in row order, as the projection sums it.
        INSERT INTO result_figures
          SELECT batch_id, chunk, created_at, min(institution_id), count(*), count(*) FILTER (WHERE credit_limit > 0),
                 sum(credit_limit), sum(interest_rate), sum(sum_normalised_credit_limit_weights ORDER BY chunk_row),
                 ARRAY[${Array.from({ length: SCORE_BUCKETS }, (_, bucket) => `count(*) FILTER (WHERE ${SCORE_BUCKET_SQL} = ${bucket})::int`).join(', ')}]
            FROM results GROUP BY batch_id, chunk, created_at;
      `);
    },
    async down(knex) {
      await knex.raw('DROP TABLE IF EXISTS result_figures');
    },
  },
  {
    name: '20261130180000_result_figures_one_row_per_completed_batch',
    async up(knex) {
      // The batches completed before completion collapsed them, as a rebuild now writes them.
      await knex.raw(collapseResultFigures(`SELECT id FROM batches WHERE status IN (${COMPLETED_STATUSES_SQL})`));
    },
    async down() {
      // The chunks' own figures are not kept apart once added up; a rebuild writes them per chunk again (before this change).
    },
  },
];
