import type { Knex } from 'knex';
import { lockCheckpoint, readCheckpoints, saveCheckpoint } from './checkpoints';
import type { Projection } from './projection';
import { forgetFailures } from './projectionFailures';
import { RESET_CHANNEL } from './projectionRunner';

/**
 * Empties a projection's tables and sets its checkpoint back to 0 in one transaction. Whichever
 * runner holds the projection (this process or a running server) notices the reset and replays.
 */
export async function resetProjection(knex: Knex, projection: Projection): Promise<void> {
  await knex.transaction(async (trx) => {
    await lockCheckpoint(trx, projection.name);
    if (projection.tables.length > 0) {
      await trx.raw(`TRUNCATE ${projection.tables.map(() => '??').join(', ')} RESTART IDENTITY`, [...projection.tables]);
    }
    await forgetFailures(trx, projection.name);
    await saveCheckpoint(trx, projection.name, 0);
    await trx.raw('SELECT pg_notify(?, ?)', [RESET_CHANNEL, projection.name]);
  });
}

/** Resolves once every named projection's checkpoint has reached `position`, or rejects after `timeoutMs`. */
export async function waitForCheckpoints(
  knex: Knex,
  names: readonly string[],
  position: number,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    signal?.throwIfAborted();
    const stored = await readCheckpoints(knex, names);
    if (stored.size === names.length && [...stored.values()].every((reached) => reached >= position)) return;
    if (Date.now() > deadline) throw new Error(`projections did not reach position ${position} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
