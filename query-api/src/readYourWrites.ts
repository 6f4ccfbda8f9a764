import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import { MIN_POSITION_HEADER, TimeoutError, ValidationError } from '@credit/events';

export type ReadYourWritesOptions = { knex: Knex; timeoutMs: number };

/**
 * Holds a query until the projections it reads have applied the caller's last write (the
 * position its command answered with, sent back as X-Min-Position), or answers 504 after the bound.
 */
export function readsFrom(options: ReadYourWritesOptions, ...projections: string[]): Middleware {
  return async (ctx, next) => {
    const header = ctx.get(MIN_POSITION_HEADER);
    // Only a signed-in caller is worth waiting for; the route itself refuses the others.
    if (header !== '' && ctx.state.user) {
      const position = Number(header);
      if (!Number.isSafeInteger(position) || position < 0) throw new ValidationError('X-Min-Position must be a whole number');
      await waitUntilReached(options, projections, position);
    }
    await next();
  };
}

async function waitUntilReached(options: ReadYourWritesOptions, projections: string[], position: number): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  let delay = 5;
  for (;;) {
    const rows: { position: string }[] = await options.knex('projection_checkpoints').whereIn('name', projections).select('position');
    if (rows.length === projections.length && rows.every((row) => Number(row.position) >= position)) return;
    if (Date.now() >= deadline) {
      throw new TimeoutError(
        `Your latest change (position ${position}) is still being processed; the data shown would be out of date. Please retry in a moment.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(delay, Math.max(1, deadline - Date.now()))));
    delay = Math.min(delay * 2, 100);
  }
}
