import type { Knex } from 'knex';
import type { Migration, RecordedEvent } from '@credit/events';

/**
 * A projection: the event types it reads, the tables it alone owns (with their migrations), and a
 * handler that writes through the transaction it is given. The runtime stores the checkpoint in
 * that same transaction.
 */
export type Projection = {
  name: string;
  eventTypes: readonly string[];
  tables: readonly string[];
  migrations: readonly Migration[];
  /** Events per page; projections reading large events (record chunks) keep it small. */
  batchSize?: number;
  /** Handles one page of events in log order. Bulk writers override the per-event default. */
  handle: (events: readonly RecordedEvent[], trx: Knex.Transaction) => Promise<void>;
};

/** Builds a projection from one function per event, applied in order. */
export function perEvent(handler: (event: RecordedEvent, trx: Knex.Transaction) => Promise<void>): Projection['handle'] {
  return async (events, trx) => {
    for (const event of events) await handler(event, trx);
  };
}
