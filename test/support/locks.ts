import type { Knex } from 'knex';

/**
 * Holds `table` locked (ACCESS EXCLUSIVE) until `release` is called: every statement reading or
 * writing it waits, as a slow read runs, until then or until its statement_timeout stops it.
 */
export async function lockedTable(knex: Knex, table: string): Promise<{ release: () => Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let taken!: () => void;
  const lockTaken = new Promise<void>((resolve) => (taken = resolve));
  const holding = knex.transaction(async (trx) => {
    await trx.raw(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
    taken();
    await released;
  });
  await Promise.race([lockTaken, holding]);
  return {
    release: async () => {
      release();
      await holding;
    },
  };
}

/** Sessions of this database waiting for a lock (the statements held up by `lockedTable`). */
export async function waitingForLock(knex: Knex): Promise<number> {
  const { rows } = await knex.raw<{ rows: { waiting: string }[] }>(
    `SELECT count(*) AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return Number(rows[0].waiting);
}

/** Polls the sessions waiting for a lock until there are `atLeast` or `timeoutMs` has passed; returns the last count. */
export async function untilWaiting(knex: Knex, atLeast: number, timeoutMs = 30_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let waiting = await waitingForLock(knex);
  while (waiting < atLeast && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    waiting = await waitingForLock(knex);
  }
  return waiting;
}
