import type { Knex } from 'knex';
import type { Event, EventGuard, Migration, Recorded, RecordedEvent } from '@credit/events';

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
  /**
   * Work no reader need wait for once pages have committed, such as refreshing the planner's
   * statistics: `run` is given the page's events of `types`, outside its transaction and beside the
   * projection's next pages (AfterCommits), so it never holds them up. One run at a time: pages
   * committed during a run are given to the next together. A failure is logged, and undoes
   * nothing the pages wrote; shutdown waits for a run under way and drops what had not begun.
   */
  afterCommit?: { types: readonly string[]; run: (events: readonly RecordedEvent[], knex: Knex) => Promise<void> };
};

/**
 * The page's events as the projection's union (`isEvent`, from `isEventOf` over its definitions), so
 * a switch on `event.type` narrows the payload. The runner delivers only the projection's
 * `eventTypes`: an event outside the union means the two lists disagree, and stops the projection.
 */
export function eventsOf<TEvent extends Event>(isEvent: EventGuard<TEvent>, events: readonly RecordedEvent[]): Recorded<TEvent>[] {
  return events.map((event) => {
    if (!isEvent(event)) throw new Error(`A projection was given a ${event.type} event, which its eventTypes list but its union lacks`);
    return event;
  });
}

/** Builds a projection's `handle` from one function per event of its union, applied in log order. */
export function perEvent<TEvent extends Event>(
  isEvent: EventGuard<TEvent>,
  handler: (event: Recorded<TEvent>, trx: Knex.Transaction) => Promise<void>,
): Projection['handle'] {
  return async (events, trx) => {
    for (const event of eventsOf(isEvent, events)) await handler(event, trx);
  };
}
