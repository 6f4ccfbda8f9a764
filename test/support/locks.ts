import type { Knex } from 'knex';
import { CHECKPOINTS } from '@credit/projectors/src/readModels';

/** Runs `take` in a transaction kept open until `release` is called: the locks it took are held until then. */
async function holding(knex: Knex, take: (trx: Knex.Transaction) => Promise<unknown>): Promise<{ release: () => Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let taken!: () => void;
  const lockTaken = new Promise<void>((resolve) => (taken = resolve));
  const held = knex.transaction(async (trx) => {
    await take(trx);
    taken();
    await released;
  });
  await Promise.race([lockTaken, held]);
  return {
    release: async () => {
      release();
      await held;
    },
  };
}

/**
 * Holds `table` locked (ACCESS EXCLUSIVE) until `release` is called: every statement reading or
 * writing it waits, as a slow read runs, until then or until its statement_timeout stops it.
 */
export const lockedTable = (knex: Knex, table: string) => holding(knex, (trx) => trx.raw(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`));

/** Holds a projection's checkpoint row locked until `release` is called: the projection's next page waits until then. */
export const heldProjection = (knex: Knex, name: string) =>
  holding(knex, (trx) => trx.raw(`SELECT 1 FROM ${CHECKPOINTS} WHERE name = ? FOR UPDATE`, [name]));

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
