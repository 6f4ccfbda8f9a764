import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import { DomainError, MIN_POSITION_HEADER, ValidationError, type LogHead } from '@credit/events';
import { CHECKPOINTS } from '@credit/projectors/src/readModels';

export type ConsistentReadDeps = {
  knex: Knex;
  readYourWritesTimeoutMs: number;
  logHead: () => Promise<LogHead>;
  /** The latest position of some event types (the store's `lastPositionOf`). */
  lastPositionOf: (types: readonly string[], atMost?: number) => Promise<number>;
};

const RETRY_AFTER_SECONDS = 1;

class StaleReadError extends DomainError {
  constructor(position: number) {
    super(
      `Your latest change (position ${position}) is still being processed; the data shown would be out of date. Please retry in a moment.`,
      503,
    );
  }
}

/**
 * Holds a query until the projections it reads have applied every command acknowledged before it
 * arrived: the log's head when it arrives (or the position sent as X-Min-Position, if later). Any
 * client, any session, any process: no header is needed. Past the bound the answer is 503 with
 * Retry-After.
 */
export function readsFrom(deps: Omit<ConsistentReadDeps, 'lastPositionOf'>, ...projections: string[]): Middleware {
  return consistentRead(deps, projections, async () => (await deps.logHead()).position);
}

/**
 * For screens that show a batch's progress while it is scored (the batch list, a batch's status):
 * waits only until the projections have applied every event of `types` acknowledged before the
 * query (a batch started or failed), not the records still being scored after it.
 */
export function readsProgressFrom(deps: ConsistentReadDeps, types: readonly string[], ...projections: string[]): Middleware {
  return consistentRead(deps, projections, async () => deps.lastPositionOf(types, (await deps.logHead()).position));
}

function consistentRead(
  deps: Pick<ConsistentReadDeps, 'knex' | 'readYourWritesTimeoutMs'>,
  projections: string[],
  acknowledged: () => Promise<number>,
): Middleware {
  return async (ctx, next) => {
    // Only a signed-in caller is worth waiting for; the route itself refuses the others.
    if (!ctx.state.user) return next();
    const header = ctx.get(MIN_POSITION_HEADER);
    const asked = header === '' ? 0 : Number(header);
    if (!Number.isSafeInteger(asked) || asked < 0) throw new ValidationError('X-Min-Position must be a whole number');
    const started = performance.now();
    try {
      await waitUntilReached(deps, projections, Math.max(asked, await acknowledged()));
    } catch (error) {
      if (error instanceof StaleReadError) ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
      throw error;
    }
    // What waiting for the caller's writes cost this query, for browsers' devtools and the bench.
    ctx.set('Server-Timing', `consistency;dur=${(performance.now() - started).toFixed(1)}`);
    await next();
  };
}

async function waitUntilReached(
  deps: Pick<ConsistentReadDeps, 'knex' | 'readYourWritesTimeoutMs'>,
  projections: string[],
  position: number,
): Promise<void> {
  if (position === 0) return;
  const deadline = Date.now() + deps.readYourWritesTimeoutMs;
  let delay = 2;
  for (;;) {
    const rows: { position: string }[] = await deps.knex(CHECKPOINTS).whereIn('name', projections).select('position');
    if (rows.length === projections.length && rows.every((row) => Number(row.position) >= position)) return;
    if (Date.now() >= deadline) throw new StaleReadError(position);
    await new Promise((resolve) => setTimeout(resolve, Math.min(delay, Math.max(1, deadline - Date.now()))));
    delay = Math.min(delay * 2, 50);
  }
}
