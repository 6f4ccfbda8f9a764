import type { Migration } from '@credit/events';

export const CLIENT_SEARCH = 'client_search';
/** The search rows' trigram index, led by the institution (the last migration that builds it). */
export const CLIENT_SEARCH_INDEX = 'client_search_by_institution';

/** The text a client is searched by: its name, reference and email, lower-cased (SQL expressions of the three). */
export const searchText = (name: string, reference: string, email: string) =>
  `lower(${name} || chr(31) || ${reference} || chr(31) || ${email})`;

/** A row's search text (`row` being a table or alias with the clients' columns). */
const SEARCH_TEXT_OF = (row: string) => searchText(`${row}.name`, `${row}.reference_number`, `${row}.email`);

export const clientSearchMigrations: Migration[] = [
  {
    // The search text and its trigram index move from `clients` to a narrow table of their own. On
    // `clients` every update of a client's latest result (each client of a monthly file, when its batch
    // completes) wrote a new row version and so new entries in every index, the trigram index's
    // twenty-odd per client included: about a quarter of a re-upload's time (measured, issue 24). New
    // and removed clients reach it through statement triggers (one statement per COPY or DELETE); the
    // two statements that change identities (a file's overwrite, a failed batch's put-back) update it
    // themselves, set-based: a row trigger cost 40 µs a client, half a second for 12 000.
    name: '20261129100000_client_search_table',
    async up(knex) {
      await knex.raw(`
        CREATE TABLE ${CLIENT_SEARCH} (
          client_id      bigint PRIMARY KEY,
          institution_id integer NOT NULL,
          search_text    text NOT NULL
        );
        INSERT INTO ${CLIENT_SEARCH} (client_id, institution_id, search_text)
          SELECT c.id, c.institution_id, ${SEARCH_TEXT_OF('c')} FROM clients c;
        CREATE INDEX client_search_text ON ${CLIENT_SEARCH} USING gin (search_text gin_trgm_ops);
        DROP INDEX IF EXISTS clients_search;
        ALTER TABLE clients DROP COLUMN IF EXISTS search_text;

        CREATE FUNCTION client_search_added() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO ${CLIENT_SEARCH} (client_id, institution_id, search_text)
            SELECT added.id, added.institution_id, ${SEARCH_TEXT_OF('added')} FROM added;
          RETURN NULL;
        END $$;
        CREATE TRIGGER clients_search_added AFTER INSERT ON clients
          REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION client_search_added();

        CREATE FUNCTION client_search_removed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          DELETE FROM ${CLIENT_SEARCH} s USING removed WHERE s.client_id = removed.id;
          RETURN NULL;
        END $$;
        CREATE TRIGGER clients_search_removed AFTER DELETE ON clients
          REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION client_search_removed();
      `);
    },
    async down(knex) {
      await knex.raw(`
        DROP TRIGGER IF EXISTS clients_search_added ON clients;
        DROP TRIGGER IF EXISTS clients_search_removed ON clients;
        DROP FUNCTION IF EXISTS client_search_added(), client_search_removed();
        ALTER TABLE clients ADD COLUMN search_text text
          GENERATED ALWAYS AS (lower(name || chr(31) || reference_number || chr(31) || email)) STORED;
        CREATE INDEX clients_search ON clients USING gin (search_text gin_trgm_ops);
        DROP TABLE IF EXISTS ${CLIENT_SEARCH};
      `);
    },
  },
  {
    // Each client's count of results in completed batches, so a search's count is read from the
    // matching search rows alone: counting their results row by row took 0.5 s for a surname shared by
    // 55 000 clients at a million results, 40 ms this way (measured, issue 24). Kept at a batch's
    // completion by an update of its clients' rows: at fillfactor 50 that update finds room on each
    // row's page and writes no index entry (a heap-only update; the trigram index holds only the text).
    // Rebuilt rather than updated in place, which would write every row's twenty-odd trigram entries again.
    // The trigram index now leads with the institution (btree_gin): a search reads only its own
    // institution's matches, however many clients with the same surname other institutions upload.
    name: '20261129150000_client_search_result_counts',
    async up(knex) {
      await knex.raw(`
        CREATE TABLE client_search_counted (
          client_id      bigint NOT NULL,
          institution_id integer NOT NULL,
          search_text    text NOT NULL,
          results        integer NOT NULL DEFAULT 0
        ) WITH (fillfactor = 50);
        INSERT INTO client_search_counted (client_id, institution_id, search_text, results)
          SELECT s.client_id, s.institution_id, s.search_text, coalesce(counted.results, 0)
            FROM ${CLIENT_SEARCH} s
            LEFT JOIN (SELECT r.client_id, count(*)::int AS results
                         FROM results r JOIN batches b ON b.id = r.batch_id
                        WHERE b.status IN ('completed', 'completed_with_errors') GROUP BY r.client_id) counted
              ON counted.client_id = s.client_id;
        DROP TABLE ${CLIENT_SEARCH};
        ALTER TABLE client_search_counted RENAME TO ${CLIENT_SEARCH};
        ALTER TABLE ${CLIENT_SEARCH} ADD PRIMARY KEY (client_id);
        CREATE EXTENSION IF NOT EXISTS btree_gin;
        CREATE INDEX client_search_by_institution ON ${CLIENT_SEARCH} USING gin (institution_id, search_text gin_trgm_ops);
      `);
    },
    async down(knex) {
      await knex.raw(`
        DROP INDEX client_search_by_institution;
        CREATE INDEX client_search_text ON ${CLIENT_SEARCH} USING gin (search_text gin_trgm_ops);
        ALTER TABLE ${CLIENT_SEARCH} DROP COLUMN results;
        ALTER TABLE ${CLIENT_SEARCH} RESET (fillfactor);
      `);
    },
  },
  {
    // The completed batch of each of a client's results (ascending: one id per result, a client being
    // once in a file), kept by the same heap-only update as the count (no index holds them), so a
    // search within one batch is counted from the matching search rows alone: joining them to the
    // batch's 100 000 results took 73–140 ms for a surname shared by 55 000 clients at a million
    // results, about 45 ms this way (measured, issue 24).
    name: '20261129210000_client_search_batches',
    async up(knex) {
      await knex.raw(`
        ALTER TABLE ${CLIENT_SEARCH} ADD COLUMN batches integer[] NOT NULL DEFAULT '{}';
        UPDATE ${CLIENT_SEARCH} s SET batches = scored.batches
          FROM (SELECT r.client_id, array_agg(r.batch_id ORDER BY r.batch_id) AS batches
                  FROM results r JOIN batches b ON b.id = r.batch_id
                 WHERE b.status IN ('completed', 'completed_with_errors') GROUP BY r.client_id) scored
         WHERE s.client_id = scored.client_id;
      `);
    },
    async down(knex) {
      await knex.raw(`ALTER TABLE ${CLIENT_SEARCH} DROP COLUMN batches`);
    },
  },
  {
    // A client's count of results in completed batches is the length of its batch ids (one per
    // result): a search counts `cardinality(batches)`, and the count is no longer kept beside them.
    name: '20261130010000_client_search_count_from_batches',
    async up(knex) {
      await knex.raw(`ALTER TABLE ${CLIENT_SEARCH} DROP COLUMN results`);
    },
    async down(knex) {
      await knex.raw(`
        ALTER TABLE ${CLIENT_SEARCH} ADD COLUMN results integer NOT NULL DEFAULT 0;
        UPDATE ${CLIENT_SEARCH} SET results = cardinality(batches) WHERE cardinality(batches) > 0;
      `);
    },
  },
  {
    // A result counts in its client's search row as soon as it is written, not when its batch
    // completes (a search leaves out the batches still being scored): a new client's row is added
    // with its batch's id, an existing client's gets it with the run that scores it. Counting a
    // 100 000-record batch at its completion took about 1.9 s at the end of the upload, where nothing
    // overlaps it. The batches being scored now are counted in.
    name: '20261130080000_client_search_counts_as_scored',
    async up(knex) {
      await knex.raw(`
        CREATE OR REPLACE FUNCTION client_search_added() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO ${CLIENT_SEARCH} (client_id, institution_id, search_text, batches)
            SELECT added.id, added.institution_id, ${SEARCH_TEXT_OF('added')},
                   CASE WHEN added.latest_batch_id IS NULL THEN '{}'::int[] ELSE ARRAY[added.latest_batch_id] END
              FROM added;
          RETURN NULL;
        END $$;
        UPDATE ${CLIENT_SEARCH} s SET batches = ARRAY(SELECT r.batch_id FROM results r WHERE r.client_id = s.client_id ORDER BY r.batch_id)
         WHERE s.client_id IN (SELECT r.client_id FROM results r JOIN batches b ON b.id = r.batch_id WHERE b.status = 'processing');
      `);
    },
    async down(knex) {
      await knex.raw(`
        CREATE OR REPLACE FUNCTION client_search_added() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO ${CLIENT_SEARCH} (client_id, institution_id, search_text)
            SELECT added.id, added.institution_id, ${SEARCH_TEXT_OF('added')} FROM added;
          RETURN NULL;
        END $$;
        UPDATE ${CLIENT_SEARCH} s SET batches = array_remove(s.batches, b.id) FROM batches b
         WHERE b.status = 'processing' AND b.id = ANY(s.batches);
      `);
    },
  },
];
