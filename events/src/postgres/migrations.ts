import type { Knex } from 'knex';

export type Migration = { name: string; up: (knex: Knex) => Promise<void>; down: (knex: Knex) => Promise<void> };

export const GENESIS_HASH = '0'.repeat(64);

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
];
