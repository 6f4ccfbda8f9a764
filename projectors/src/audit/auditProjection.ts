import { domainCatalogue, type RecordedEvent } from '@credit/events';
import type { Projection } from '../runtime/projection';
import { auditAction } from './auditAction';
import { auditDescription } from './auditDescription';
import { auditDetails } from './auditDetails';
import { auditMessage } from './auditMessage';
import { AUDIT_LOG, UNAUDITED_BULK_EVENTS } from './auditTables';

/** One audit row per event, every field taken from the event itself so a rebuild gives the same rows. */
export const auditRow = (event: RecordedEvent) => {
  const message = auditMessage(event);
  return {
    position: event.position,
    event_id: event.id,
    event_type: event.type,
    stream_id: event.streamId,
    occurred_at: event.metadata.occurredAt,
    actor_id: event.metadata.actor.id,
    actor_role: event.metadata.actor.role,
    actor_name: event.metadata.actor.name,
    action: auditAction(event),
    description: auditDescription(event),
    ip: event.metadata.ip ?? null,
    user_agent: event.metadata.userAgent ?? null,
    institution_id: event.metadata.institutionId ?? null,
    correlation_id: event.metadata.correlationId,
    details: JSON.stringify(auditDetails(event)),
    description_code: message?.code ?? null,
    description_params: message ? JSON.stringify(message.params) : null,
  };
};

const ROWS_PER_INSERT = 1000;

/**
 * The audit log: who did what, when, from where, over every event type in the catalogue (read when
 * the projection is built, so event types added later are covered without touching this file).
 */
export const auditProjection = (
  eventTypes: readonly string[] = domainCatalogue()
    .types()
    .filter((type) => !UNAUDITED_BULK_EVENTS.includes(type)),
): Projection => ({
  name: 'audit',
  eventTypes,
  tables: [AUDIT_LOG],
  migrations: [
    {
      name: '20261122006000_create_audit_log',
      async up(knex) {
        await knex.raw(`
          CREATE TABLE audit_log (
            position       bigint PRIMARY KEY,
            event_id       uuid NOT NULL UNIQUE,
            event_type     text NOT NULL,
            stream_id      text NOT NULL,
            occurred_at    timestamptz NOT NULL,
            actor_id       text NOT NULL,
            actor_role     text NOT NULL,
            actor_name     text NOT NULL,
            action         text NOT NULL,
            description    text NOT NULL,
            ip             text,
            user_agent     text,
            institution_id integer,
            correlation_id text NOT NULL
          );
          CREATE INDEX audit_log_newest ON audit_log (occurred_at DESC, position DESC);
          CREATE INDEX audit_log_action ON audit_log (action, occurred_at DESC);
          CREATE INDEX audit_log_institution ON audit_log (institution_id, occurred_at DESC);
          CREATE INDEX audit_log_actor ON audit_log (actor_id);
          CREATE INDEX audit_log_actor_name ON audit_log (lower(actor_name));
          CREATE INDEX audit_log_stream ON audit_log (stream_id, position);
          CREATE INDEX audit_log_event_type ON audit_log (event_type, occurred_at);
        `);
      },
      async down(knex) {
        await knex.raw('DROP TABLE IF EXISTS audit_log');
      },
    },
    {
      name: '20261122006100_add_audit_log_details',
      async up(knex) {
        await knex.raw(`ALTER TABLE audit_log ADD COLUMN details jsonb NOT NULL DEFAULT '{}'::jsonb`);
      },
      async down(knex) {
        await knex.raw('ALTER TABLE audit_log DROP COLUMN IF EXISTS details');
      },
    },
    {
      // A name may be longer than a btree entry can hold (about 2.7 kB), and the actor filter
      // matches a part of the name, which this index never served.
      name: '20261123000300_drop_audit_log_actor_name',
      async up(knex) {
        await knex.raw('DROP INDEX IF EXISTS audit_log_actor_name');
      },
      async down(knex) {
        await knex.raw('CREATE INDEX audit_log_actor_name ON audit_log (lower(actor_name))');
      },
    },
    {
      // The description as a code and its parts, so a page can say it in its reader's language.
      // Rows written before it have neither (null): pages show their English description.
      name: '20261127200000_add_audit_log_description_code',
      async up(knex) {
        await knex.raw('ALTER TABLE audit_log ADD COLUMN description_code text, ADD COLUMN description_params jsonb');
      },
      async down(knex) {
        await knex.raw('ALTER TABLE audit_log DROP COLUMN IF EXISTS description_code, DROP COLUMN IF EXISTS description_params');
      },
    },
  ],
  async handle(events, trx) {
    for (let start = 0; start < events.length; start += ROWS_PER_INSERT) {
      await trx(AUDIT_LOG).insert(events.slice(start, start + ROWS_PER_INSERT).map(auditRow));
    }
  },
});
