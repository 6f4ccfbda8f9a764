import type { Knex } from 'knex';
import type { Migration, RecordedEvent } from '@credit/events';

export const PROJECTION_FAILURES = 'projection_failures';

export const projectionFailureMigrations: Migration[] = [
  {
    name: '20261123000100_create_projection_failures',
    async up(knex) {
      await knex.raw(`
        CREATE TABLE ${PROJECTION_FAILURES} (
          projection text NOT NULL,
          position   bigint NOT NULL,
          event_id   uuid NOT NULL,
          event_type text NOT NULL,
          reason     text NOT NULL,
          failed_at  timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (projection, position)
        )
      `);
    },
    async down(knex) {
      await knex.raw(`DROP TABLE IF EXISTS ${PROJECTION_FAILURES}`);
    },
  },
];

/**
 * PostgreSQL error classes that another try may not meet: a lost connection (08), a conflict
 * (40), resources (53), a lock or object in use (55), an operator intervention or timeout (57),
 * the system (58) and internal errors (XX). Anything else an event provokes (bad data 22, a
 * constraint 23, a limit such as an index row too large 54) it would provoke on every replay.
 */
const TRANSIENT_CLASSES = ['08', '40', '53', '55', '57', '58', 'XX'];
const TRANSIENT_NODE_CODES = /^(ECONN|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN)/;

/**
 * Whether applying this event failed because of what it holds, so that retrying it can only fail
 * again: such an event is recorded as failed and the projection goes on. A lost connection or a
 * timeout is not: the page is retried. (A failure recorded while the connection is dying is never
 * stored: it commits with the page's checkpoint or not at all.)
 */
export function failsOnData(error: unknown): boolean {
  if (!(error instanceof Error)) return true;
  if (
    error.name === 'KnexTimeoutError' ||
    /Connection terminated|connection is closed|Client has encountered a connection error/i.test(error.message)
  )
    return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return true;
  if (TRANSIENT_NODE_CODES.test(code)) return false;
  if (/^[0-9A-Z]{5}$/.test(code)) return !TRANSIENT_CLASSES.includes(code.slice(0, 2));
  return true;
}

const REASON_LIMIT = 2_000;

export async function recordFailure(trx: Knex.Transaction, projection: string, event: RecordedEvent, error: unknown): Promise<void> {
  const reason = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, REASON_LIMIT);
  await trx(PROJECTION_FAILURES)
    .insert({ projection, position: event.position, event_id: event.id, event_type: event.type, reason })
    .onConflict(['projection', 'position'])
    .merge(['reason', 'failed_at']);
}

/** A replay starts the projection over: the failures of the earlier run are forgotten with its rows. */
export async function forgetFailures(trx: Knex.Transaction, projection: string): Promise<void> {
  await trx(PROJECTION_FAILURES).where({ projection }).delete();
}
