import type { Middleware } from 'koa';
import { TooManyRequestsError, type AuthenticatedUser } from '@credit/events';

export type Share = { running: number; waiting: number };

export type ShareOptions = {
  /** Whose share a request counts against; it may throw (a route that needs a signed-in caller). */
  keyOf: (user: AuthenticatedUser | undefined) => string;
  /** The 429's message when the caller's running and waiting places are all taken. */
  refusal: string;
  retryAfterSeconds: number;
};

/** An institution's people share its places; an administrator or auditor has their own; anonymous callers share one. */
export const callerKey = (user: AuthenticatedUser | undefined): string =>
  !user ? 'anonymous' : user.isAdmin ? `admin-${user.id}` : `institution-${user.institutionId}`;

/**
 * Each caller (`keyOf`) runs at most `running` requests at a time, a few more wait their turn, and
 * past that the caller is told to come back (429 with Retry-After): one caller cannot take what the
 * others need. A streamed answer holds its place until it has been sent; a failed one frees it.
 */
export function fairShare(share: Share, options: ShareOptions): Middleware {
  const callers = new Map<string, { running: number; queue: (() => void)[] }>();

  const release = (key: string) => {
    const caller = callers.get(key);
    if (!caller) return;
    const next = caller.queue.shift();
    if (next) next();
    else if (--caller.running === 0) callers.delete(key);
  };

  return async (ctx, next) => {
    const key = options.keyOf(ctx.state.user);
    let caller = callers.get(key);
    if (!caller) callers.set(key, (caller = { running: 0, queue: [] }));
    if (caller.running < share.running) caller.running++;
    else if (caller.queue.length < share.waiting) await new Promise<void>((resolve) => caller!.queue.push(resolve));
    else {
      ctx.set('Retry-After', String(options.retryAfterSeconds));
      throw new TooManyRequestsError(options.refusal);
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
