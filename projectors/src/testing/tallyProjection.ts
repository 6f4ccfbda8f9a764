import { counterOf } from '@credit/events/src/contract/contractEvents';
import type { Projection } from '../runtime/projection';

/**
 * A projection used by the runtime's own tests: one row per event plus running totals per writer,
 * so a lost or doubled event shows up as a wrong count. `delayMs` slows it down to be killed mid-page.
 */
export function tallyProjection(delayMs = 0): Projection {
  return {
    name: 'tally',
    eventTypes: ['ContractCounterIncremented'],
    tables: ['tally_events', 'tally_totals'],
    migrations: [
      {
        name: '20261122000200_create_tally',
        async up(knex) {
          await knex.raw(`
            CREATE TABLE tally_events (position bigint NOT NULL, writer int NOT NULL, sequence int NOT NULL);
            CREATE TABLE tally_totals (writer int PRIMARY KEY, events int NOT NULL, sequence_sum bigint NOT NULL, last_position bigint NOT NULL);
          `);
        },
        async down(knex) {
          await knex.raw('DROP TABLE IF EXISTS tally_events; DROP TABLE IF EXISTS tally_totals;');
        },
      },
    ],
    async handle(events, trx) {
      for (const event of events) {
        const { writer, sequence } = counterOf(event);
        await trx('tally_events').insert({ position: event.position, writer, sequence });
        await trx.raw(
          `INSERT INTO tally_totals (writer, events, sequence_sum, last_position) VALUES (?, 1, ?, ?)
           ON CONFLICT (writer) DO UPDATE SET events = tally_totals.events + 1,
             sequence_sum = tally_totals.sequence_sum + excluded.sequence_sum, last_position = excluded.last_position`,
          [writer, sequence, event.position],
        );
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    },
  };
}
