import { isEventOf, complianceEvents } from '@credit/events';
import type { Projection } from '../runtime/projection';
import { LOG_VERIFICATIONS } from './logVerificationsTables';

/** Every verification of the log's hash chain: who ran it, when, and what it found. */
export const logVerificationsProjection = (): Projection => ({
  name: 'log-verifications',
  eventTypes: complianceEvents.map((definition) => definition.type),
  tables: [LOG_VERIFICATIONS],
  migrations: [
    {
      name: '20261127000000_create_log_verifications',
      async up(knex) {
        await knex.raw(`
          CREATE TABLE ${LOG_VERIFICATIONS} (
            position      bigint PRIMARY KEY,
            verified_at   timestamptz NOT NULL,
            actor_id      text NOT NULL,
            actor_role    text NOT NULL,
            actor_name    text NOT NULL,
            outcome       text NOT NULL CHECK (outcome IN ('intact', 'broken')),
            head_position bigint NOT NULL,
            head_hash     char(64),
            broken_at     bigint,
            reason        text,
            checked       bigint NOT NULL,
            duration_ms   integer NOT NULL
          )
        `);
      },
      async down(knex) {
        await knex.raw(`DROP TABLE IF EXISTS ${LOG_VERIFICATIONS}`);
      },
    },
  ],
  async handle(events, trx) {
    const rows = events.filter(isEventOf(complianceEvents)).map((event) => {
      const { data, metadata } = event;
      return {
        position: event.position,
        verified_at: metadata.occurredAt,
        actor_id: metadata.actor.id,
        actor_role: metadata.actor.role,
        actor_name: metadata.actor.name,
        outcome: data.outcome,
        head_position: data.headPosition,
        head_hash: data.headHash,
        broken_at: data.outcome === 'broken' ? data.brokenAt : null,
        reason: data.outcome === 'broken' ? data.reason : null,
        checked: data.checked,
        duration_ms: data.durationMs,
      };
    });
    if (rows.length > 0) await trx(LOG_VERIFICATIONS).insert(rows).onConflict('position').ignore();
  },
});
