import type { Migration } from '@credit/events';

export const BATCHES = 'batches';
export const BATCH_ERRORS = 'batch_errors';
export const CLIENTS = 'clients';
export const RESULTS = 'results';
export const SCORING_COUNTERS = 'scoring_counters';
export const CLIENT_IDENTITY_CHANGES = 'client_identity_changes';

/** A batch's statuses once it has completed: its results are listed, shown and counted from then on. */
export const COMPLETED_STATUSES = ['completed', 'completed_with_errors'] as const;
/** The same, as the list of an SQL `status IN (…)`. */
export const COMPLETED_STATUSES_SQL = COMPLETED_STATUSES.map((status) => `'${status}'`).join(', ');

/** An upload batch's row (`model_version` is a bigint, read as a string). */
export type BatchRow = {
  id: number;
  institution_id: number;
  name: string;
  description: string | null;
  filename: string;
  file_type: string;
  status: string;
  total_records: number;
  processed_records: number;
  failed_records: number;
  headers: string[];
  model_version: string;
  model_hash: string;
  failure_reason: string | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
  /** Results of clients that were there before their run (null: a batch opened before this was counted). */
  known_client_results: number | null;
};

/** One rejected cell of a batch, in the order found (`seq`). */
export type BatchErrorRow = { batch_id: number; seq: number; row_number: number; column_name: string; reason: string };

export const scoringMigrations: Migration[] = [
  {
    name: '20261122003600_create_batches_clients_results',
    async up(knex) {
      await knex.raw(`
        CREATE TABLE batches (
          id                integer PRIMARY KEY,
          institution_id    integer NOT NULL,
          name              text NOT NULL,
          description       text,
          filename          text NOT NULL,
          file_type         text NOT NULL,
          status            text NOT NULL,
          total_records     integer NOT NULL,
          processed_records integer NOT NULL DEFAULT 0,
          failed_records    integer NOT NULL DEFAULT 0,
          headers           jsonb NOT NULL,
          model_version     bigint NOT NULL,
          model_hash        text NOT NULL,
          failure_reason    text,
          created_at        timestamptz NOT NULL,
          updated_at        timestamptz NOT NULL,
          completed_at      timestamptz
        );
        CREATE INDEX batches_institution ON batches (institution_id, created_at DESC);
        CREATE TABLE batch_errors (
          batch_id    integer NOT NULL,
          seq         integer NOT NULL,
          row_number  integer NOT NULL,
          column_name text NOT NULL,
          reason      text NOT NULL,
          PRIMARY KEY (batch_id, seq)
        );
        CREATE TABLE clients (
          id               bigserial PRIMARY KEY,
          institution_id   integer NOT NULL,
          reference_number text NOT NULL,
          name             text NOT NULL,
          phone_number     text NOT NULL,
          email            text NOT NULL,
          created_at       timestamptz NOT NULL,
          updated_at       timestamptz NOT NULL,
          UNIQUE (institution_id, reference_number)
        );
        CREATE TABLE results (
          id                                   bigserial PRIMARY KEY,
          batch_id                             integer NOT NULL,
          institution_id                       integer NOT NULL,
          client_id                            bigint NOT NULL,
          row_number                           integer NOT NULL,
          credit_limit                         bigint NOT NULL,
          interest_rate                        numeric(7, 2) NOT NULL,
          sum_normalised_credit_limit_weights  double precision NOT NULL,
          sum_normalised_interest_rate_weights double precision NOT NULL,
          model_version                        bigint NOT NULL,
          chunk                                integer NOT NULL,
          chunk_row                            integer NOT NULL,
          created_at                           timestamptz NOT NULL
        );
        CREATE INDEX results_batch ON results (batch_id, id);
        CREATE INDEX results_institution ON results (institution_id, created_at DESC);
        CREATE INDEX results_client ON results (client_id, created_at DESC);
      `);
    },
    async down(knex) {
      await knex.raw('DROP TABLE IF EXISTS results, clients, batch_errors, batches');
    },
  },
  {
    // Ids come from counters written in the projection's own transaction, so a rolled-back page
    // burns none and a rebuild gives every client and result the id it had.
    name: '20261122003700_deterministic_scoring_ids',
    async up(knex) {
      await knex.raw(`
        ALTER TABLE clients ALTER COLUMN id DROP DEFAULT;
        ALTER TABLE results ALTER COLUMN id DROP DEFAULT;
        DROP SEQUENCE IF EXISTS clients_id_seq;
        DROP SEQUENCE IF EXISTS results_id_seq;
        ALTER TABLE clients ADD COLUMN created_batch_id integer;
        CREATE TABLE scoring_counters (name text PRIMARY KEY, value bigint NOT NULL);
        -- A database that already holds clients and results carries on after their highest ids.
        INSERT INTO scoring_counters (name, value)
          SELECT 'client', max(id) FROM clients HAVING max(id) IS NOT NULL
          UNION ALL SELECT 'result', max(id) FROM results HAVING max(id) IS NOT NULL;
      `);
    },
    async down(knex) {
      await knex.raw('DROP TABLE IF EXISTS scoring_counters; ALTER TABLE clients DROP COLUMN IF EXISTS created_batch_id;');
    },
  },
  {
    // What a batch overwrote on existing clients, so a batch that fails can put it back.
    name: '20261122003900_create_client_identity_changes',
    async up(knex) {
      await knex.raw(`
        CREATE TABLE client_identity_changes (
          batch_id     integer NOT NULL,
          client_id    bigint NOT NULL,
          name         text NOT NULL,
          phone_number text NOT NULL,
          email        text NOT NULL,
          updated_at   timestamptz NOT NULL,
          set_at       timestamptz NOT NULL,
          PRIMARY KEY (batch_id, client_id)
        );
      `);
    },
    async down(knex) {
      await knex.raw('DROP TABLE IF EXISTS client_identity_changes');
    },
  },
  {
    // Each client's latest result, so the results screen's "latest per client" view is a join, not a
    // search per row. Existing clients get theirs from their results (a visible one first).
    name: '20261122003950_clients_latest_result',
    async up(knex) {
      await knex.raw(`
        ALTER TABLE clients ADD COLUMN latest_result_id bigint;
        UPDATE clients c SET latest_result_id = (
          SELECT r.id FROM results r JOIN batches b ON b.id = r.batch_id WHERE r.client_id = c.id
           ORDER BY (b.status IN ('completed', 'completed_with_errors')) DESC, r.created_at DESC, r.id DESC LIMIT 1);
      `);
    },
    async down(knex) {
      await knex.raw('ALTER TABLE clients DROP COLUMN IF EXISTS latest_result_id');
    },
  },
  {
    // A reference number may be as long as a cell; a btree entry may not (about 2.7 kB), so the
    // key is on the reference's digest and the lookup compares the reference itself as well.
    name: '20261123000200_clients_reference_digest',
    async up(knex) {
      await knex.raw(`
        ALTER TABLE clients DROP CONSTRAINT IF EXISTS clients_institution_id_reference_number_key;
        CREATE UNIQUE INDEX clients_reference ON clients (institution_id, md5(reference_number));
      `);
    },
    async down(knex) {
      await knex.raw(`
        DROP INDEX IF EXISTS clients_reference;
        ALTER TABLE clients ADD CONSTRAINT clients_institution_id_reference_number_key UNIQUE (institution_id, reference_number);
      `);
    },
  },
  {
    // The results screens search name, reference and email as the user types: one lower-cased text
    // kept by the database (a plain LIKE on it is several times cheaper than ILIKE on the three) and a
    // trigram index, so a search of three characters or more reads only the clients that match.
    name: '20261123100000_clients_search_text',
    async up(knex) {
      await knex.raw(`
        CREATE EXTENSION IF NOT EXISTS pg_trgm;
        ALTER TABLE clients ADD COLUMN search_text text
          GENERATED ALWAYS AS (lower(name || chr(31) || reference_number || chr(31) || email)) STORED;
        CREATE INDEX clients_search ON clients USING gin (search_text gin_trgm_ops);
      `);
    },
    async down(knex) {
      await knex.raw('DROP INDEX IF EXISTS clients_search; ALTER TABLE clients DROP COLUMN IF EXISTS search_text;');
    },
  },
  {
    // The results screens page in (created_at, id) order: with the id in the index a page is read in
    // order and stops after its rows (results of one run share created_at, so without it PostgreSQL
    // sorted a whole batch for every page). The All Clients view reads each client's latest result
    // from the client's own row (batch, time, limit, rate), so its count, filters and pages scan one
    // table instead of joining 200 000 results to their clients.
    name: '20261123200000_results_listing_order',
    async up(knex) {
      await knex.raw(`
        DROP INDEX IF EXISTS results_institution;
        CREATE INDEX results_institution ON results (institution_id, created_at DESC, id DESC);
        CREATE INDEX results_batch_created ON results (batch_id, created_at DESC, id DESC);
        ALTER TABLE clients
          ADD COLUMN latest_batch_id integer,
          ADD COLUMN latest_at timestamptz,
          ADD COLUMN latest_credit_limit bigint,
          ADD COLUMN latest_interest_rate numeric(7, 2);
        UPDATE clients c SET latest_batch_id = r.batch_id, latest_at = r.created_at,
               latest_credit_limit = r.credit_limit, latest_interest_rate = r.interest_rate
          FROM results r WHERE r.id = c.latest_result_id;
        CREATE INDEX clients_latest ON clients (institution_id, latest_at DESC, latest_result_id DESC);
      `);
    },
    async down(knex) {
      await knex.raw(`
        DROP INDEX IF EXISTS clients_latest;
        ALTER TABLE clients DROP COLUMN IF EXISTS latest_batch_id, DROP COLUMN IF EXISTS latest_at,
          DROP COLUMN IF EXISTS latest_credit_limit, DROP COLUMN IF EXISTS latest_interest_rate;
        DROP INDEX IF EXISTS results_batch_created;
        DROP INDEX IF EXISTS results_institution;
        CREATE INDEX results_institution ON results (institution_id, created_at DESC);
      `);
    },
  },
  {
    // A run's results share one time and take rising ids, and so do its new clients' latest results:
    // in (…, time DESC, id DESC) order each row lands before the one written just before it, so every
    // insert walks down the tree and the pages split half full (the results COPY took about 15% more
    // CPU and its indexes were a third larger, measured at 100 000 rows). Ascending, each lands after
    // it; read backwards, the index gives the same newest-first pages (NULLS FIRST as before).
    name: '20261127200000_ascending_listing_indexes',
    async up(knex) {
      await knex.raw(`
        DROP INDEX IF EXISTS results_institution;
        CREATE INDEX results_institution ON results (institution_id, created_at, id);
        DROP INDEX IF EXISTS results_batch_created;
        CREATE INDEX results_batch_created ON results (batch_id, created_at, id);
        DROP INDEX IF EXISTS clients_latest;
        CREATE INDEX clients_latest ON clients (institution_id, latest_at, latest_result_id);
      `);
    },
    async down(knex) {
      await knex.raw(`
        DROP INDEX IF EXISTS results_institution;
        CREATE INDEX results_institution ON results (institution_id, created_at DESC, id DESC);
        DROP INDEX IF EXISTS results_batch_created;
        CREATE INDEX results_batch_created ON results (batch_id, created_at DESC, id DESC);
        DROP INDEX IF EXISTS clients_latest;
        CREATE INDEX clients_latest ON clients (institution_id, latest_at DESC, latest_result_id DESC);
      `);
    },
  },
  {
    // A search's count: each matching client's results in visible batches, read from this index alone
    // (its batch and institution carried in it, not looked up in the table): 55 000 matching clients
    // of a million results counted in about 0.13 s in one process, where a scan of every result took
    // 0.46 s in three (measured at 1 000 000 results, issue 24). Client details' counts read it too.
    name: '20261129110000_results_client_covering',
    async up(knex) {
      await knex.raw(`
        DROP INDEX IF EXISTS results_client;
        CREATE INDEX results_client ON results (client_id, created_at DESC) INCLUDE (batch_id, institution_id);
      `);
    },
    async down(knex) {
      await knex.raw(`
        DROP INDEX IF EXISTS results_client;
        CREATE INDEX results_client ON results (client_id, created_at DESC);
      `);
    },
  },
  {
    // Pages sorted by credit limit or interest rate: each visible batch's first rows read in order from
    // its part of these indexes and merged (listResults), instead of every result of the institution
    // sorted for ten of them: a first page 91 → 0.9 ms, page 40 of 50 rows 98 → 3.7 ms at 500 000
    // results. A batch's entries land in a part of the index no other batch touches; inserting
    // 100 000 results into 500 000 cost 0.9–1.2 → 1.7–2.0 s with both (2.2–2.6 s keyed by institution).
    name: '20261129130000_results_by_amount_per_batch',
    async up(knex) {
      await knex.raw(`
        CREATE INDEX IF NOT EXISTS results_batch_credit_limit ON results (batch_id, credit_limit, id);
        CREATE INDEX IF NOT EXISTS results_batch_interest_rate ON results (batch_id, interest_rate, id);
      `);
    },
    async down(knex) {
      await knex.raw('DROP INDEX IF EXISTS results_batch_credit_limit, results_batch_interest_rate');
    },
  },
  {
    // The institution carried in the credit limit's index, so that counting the results of an amount
    // range (which the listing counts row by row, its rows scoped to the institution as well as to its
    // batches) reads the index alone: 97 → 34–42 ms for 102 000 of 1 000 000 results, where every
    // matching row's page was read to check its institution (measured, issue 24). The index is no
    // larger: 85 MB before, 80 MB rebuilt.
    name: '20261130150000_results_credit_limit_with_institution',
    async up(knex) {
      await knex.raw(`
        CREATE INDEX results_batch_credit_limit_scoped ON results (batch_id, credit_limit, id) INCLUDE (institution_id);
        DROP INDEX IF EXISTS results_batch_credit_limit;
        ALTER INDEX results_batch_credit_limit_scoped RENAME TO results_batch_credit_limit;
      `);
    },
    async down(knex) {
      await knex.raw(`
        CREATE INDEX results_batch_credit_limit_unscoped ON results (batch_id, credit_limit, id);
        DROP INDEX results_batch_credit_limit;
        ALTER INDEX results_batch_credit_limit_unscoped RENAME TO results_batch_credit_limit;
      `);
    },
  },
  {
    // A batch's results by (batch, id) only: (batch, time, id) serves every read of a batch, its pages,
    // its compare and its export reading in that order (the same order: a run's results share one time
    // and take rising ids). One index fewer to write: inserting 100 000 results into 900 000 took
    // 1.21–1.60 → 1.10–1.27 s (alternated four times), and 30 MB fewer per 1 000 000 results.
    name: '20261201040000_results_batch_index_dropped',
    async up(knex) {
      await knex.raw('DROP INDEX IF EXISTS results_batch');
    },
    async down(knex) {
      await knex.raw('CREATE INDEX IF NOT EXISTS results_batch ON results (batch_id, id)');
    },
  },
  {
    // How many of a batch's results are of clients that were there before their run: a batch with
    // none (an institution's first file) moves no latest result when it completes, and is not read
    // for it. Batches opened before are not counted (null) and are read as before.
    name: '20261201050000_batches_known_client_results',
    async up(knex) {
      await knex.raw('ALTER TABLE batches ADD COLUMN known_client_results integer');
    },
    async down(knex) {
      await knex.raw('ALTER TABLE batches DROP COLUMN known_client_results');
    },
  },
];
