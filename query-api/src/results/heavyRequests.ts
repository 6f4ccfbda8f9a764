import type { Middleware } from 'koa';
import { assertSignedIn, TooManyRequestsError } from '@credit/events';

export type HeavyRequestLimits = { running: number; waiting: number };

const RETRY_AFTER_SECONDS = 5;

/**
 * Routes that read or re-score a whole batch (compare, export) run at most `running` at a time per
 * institution (per administrator for admins), a few more wait their turn, and past that the caller
 * is told to come back: one institution cannot take the server's memory from the others. A streamed
 * answer holds its place until it has been sent.
 */
export function heavyRequests(limits: HeavyRequestLimits = { running: 2, waiting: 8 }): Middleware {
  const callers = new Map<string, { running: number; queue: (() => void)[] }>();

  const release = (key: string) => {
    const caller = callers.get(key);
    if (!caller) return;
    const next = caller.queue.shift();
    if (next) next();
    else if (--caller.running === 0) callers.delete(key);
  };

  return async (ctx, next) => {
    const user = assertSignedIn(ctx.state.user);
    const key = user.isAdmin ? `admin-${user.id}` : `institution-${user.institutionId}`;
    let caller = callers.get(key);
    if (!caller) callers.set(key, (caller = { running: 0, queue: [] }));
    if (caller.running < limits.running) caller.running++;
    else if (caller.queue.length < limits.waiting) await new Promise<void>((resolve) => caller!.queue.push(resolve));
    else {
      ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
      throw new TooManyRequestsError(
        'Too many comparisons or exports are running for this institution. Please try again in a few seconds.',
      );
    }
    let released = false;
    const done = () => {
      if (!released) release(key);
      released = true;
    };
    try {
      await next();
    } catch (error) {
      done();
      throw error;
    }
    if (ctx.res.writableFinished || ctx.res.destroyed) done();
    else ctx.res.once('close', done);
  };
}
