import type { Knex } from 'knex';

export type Migration = {
  name: string;
  up: (knex: Knex) => Promise<void>;
  down: (knex: Knex) => Promise<void>;
  /**
   * The migration makes server-wide objects (roles) named after the database it runs in: a copy of a
   * migrated database (`CREATE DATABASE … TEMPLATE`) holds the original's grants, so a copy to be used
   * is made from a database that did not run it, and runs it itself.
   */
  namedAfterDatabase?: true;
};

export const GENESIS_HASH = '0'.repeat(64);

/**
 * The kind of account that caused an event: `admin` for an administrator account whatever its role
 * (`admin` or `auditor`, which may change over its life), else the actor's role (`institution`, `system`).
 */
export const ACTOR_KIND = "CASE WHEN metadata->'actor'->>'role' = 'auditor' THEN 'admin' ELSE metadata->'actor'->>'role' END";
/** The account that caused an event, `<kind>:<id>` (`admin:1`, `institution:12`): ids are only unique within a kind. */
export const ACTOR_ACCOUNT = `(${ACTOR_KIND}) || ':' || (metadata->'actor'->>'id')`;
/** The institution an event is about, as the audit log files it. */
export const EVENT_INSTITUTION = "metadata->>'institutionId'";

/** The event log's own tables; run by the composition root with `runMigrations`. */
export const eventStoreMigrations: Migration[] = [
  {
    name: '20261122000000_create_event_log',
    async up(knex) {
      await knex.raw(`
        CREATE TABLE events (
          position        bigint PRIMARY KEY,
          event_id        uuid NOT NULL UNIQUE,
          stream_id       text NOT NULL,
          stream_revision bigint NOT NULL,
          type            text NOT NULL,
          schema_version  integer NOT NULL,
          data            json NOT NULL,
          metadata        json NOT NULL,
          recorded_at     text NOT NULL,
          hash            char(64) NOT NULL,
          UNIQUE (stream_id, stream_revision)
        );
        CREATE INDEX events_type_position ON events (type, position);
        CREATE TABLE event_log_head (
          id       smallint PRIMARY KEY CHECK (id = 1),
          position bigint NOT NULL,
          hash     char(64) NOT NULL
        );
        INSERT INTO event_log_head (id, position, hash) VALUES (1, 0, '${GENESIS_HASH}');
      `);
    },
    async down(knex) {
      await knex.raw('DROP TABLE IF EXISTS event_log_head; DROP TABLE IF EXISTS events;');
    },
  },
  {
    // Large payloads (record chunks of a few hundred KB) are stored out of line but not compressed:
    // pglz costs about three times the insert itself; the log takes about three times the disk.
    name: '20261122120000_uncompressed_event_payloads',
    async up(knex) {
      await knex.raw('ALTER TABLE events ALTER COLUMN data SET STORAGE EXTERNAL');
    },
    async down(knex) {
      await knex.raw('ALTER TABLE events ALTER COLUMN data SET STORAGE EXTENDED');
    },
  },
  {
    // The event browser's filters, each walked newest first by position (keyset paging): a stream's
    // events, an account's (its kind and id), a kind of actor's, an institution's (metadata.institutionId).
    // The type filter has events_type_position; a time range is a range of positions (recorded_at grows
    // with position), so it needs none.
    name: '20261127000000_event_browser_indexes',
    async up(knex) {
      await knex.raw(`
        CREATE INDEX IF NOT EXISTS events_stream_position ON events (stream_id, position);
        CREATE INDEX IF NOT EXISTS events_actor_account_position ON events ((${ACTOR_ACCOUNT}), position);
        CREATE INDEX IF NOT EXISTS events_actor_kind_position ON events ((${ACTOR_KIND}), position);
        CREATE INDEX IF NOT EXISTS events_institution_position ON events ((${EVENT_INSTITUTION}), position);
      `);
    },
    async down(knex) {
      await knex.raw(
        'DROP INDEX IF EXISTS events_stream_position, events_actor_account_position, events_actor_kind_position, events_institution_position',
      );
    },
  },
];
