import type { Middleware } from 'koa';
import { TooManyRequestsError, type AuthenticatedUser } from '@credit/events';

export type Share = {
  /** How many of a caller's requests run at once: a number, or asked for each request (it may change: readShare). */
  running: number | (() => number);
  waiting: number;
};

export type ShareOptions = {
  /** Whose share a request counts against; it may throw (a route that needs a signed-in caller). */
  keyOf: (user: AuthenticatedUser | undefined) => string;
  /** The 429's message when the caller's running and waiting places are all taken. */
  refusal: string;
  retryAfterSeconds: number;
  /**
   * A request entering this share gives back its place in the share it entered before (the query
   * API's, for every route): bounded by this one instead, its waiting and running here take none of
   * the places the caller's other screens need.
   */
  insteadOfOuter?: boolean;
};

/** Where a share leaves a request's way to give its place back early (ShareOptions.insteadOfOuter). */
const GIVE_PLACE_BACK = 'giveSharePlaceBack';

/** An institution's people share its places; an administrator or auditor has their own; anonymous callers share one. */
export const callerKey = (user: AuthenticatedUser | undefined): string =>
  !user ? 'anonymous' : user.isAdmin ? `admin-${user.id}` : `institution-${user.institutionId}`;

/** A caller's requests running now, and the turns of those waiting, first come first. */
type Caller = { running: number; queue: (() => void)[] };

/**
 * Each caller (`keyOf`) runs at most `running` requests at a time, a few more wait their turn, and
 * past that the caller is told to come back (429 with Retry-After): one caller cannot take what the
 * others need. A streamed answer holds its place until it has been sent; a failed one frees it.
 * `running` may be asked for each time (it may shrink or grow): a caller past it starts no more
 * until enough of its running requests have ended.
 */
export function fairShare(share: Share, options: ShareOptions): Middleware {
  const callers = new Map<string, Caller>();
  const { running: placesNow } = share;
  const places = typeof placesNow === 'number' ? () => placesNow : placesNow;

  /** The caller's waiting requests start, first come first, while it has places (their number may have changed). */
  const startWaiting = (key: string, caller: Caller) => {
    const running = places();
    while (caller.running < running && caller.queue.length > 0) {
      caller.running++;
      (caller.queue.shift() as () => void)();
    }
    if (caller.running === 0 && caller.queue.length === 0) callers.delete(key);
  };

  return async (ctx, next) => {
    const key = options.keyOf(ctx.state.user);
    let caller = callers.get(key);
    if (!caller) callers.set(key, (caller = { running: 0, queue: [] }));
    if (caller.running >= places() && caller.queue.length >= share.waiting) {
      ctx.set('Retry-After', String(options.retryAfterSeconds));
      throw new TooManyRequestsError(options.refusal);
    }
    if (options.insteadOfOuter) {
      (ctx.state[GIVE_PLACE_BACK] as (() => void) | undefined)?.();
      delete ctx.state[GIVE_PLACE_BACK];
    }
    const turn = new Promise<void>((resolve) => caller.queue.push(resolve));
    startWaiting(key, caller);
    await turn;
    let released = false;
    const done = () => {
      if (!released) {
        caller.running--;
        startWaiting(key, caller);
      }
      released = true;
    };
    if (!options.insteadOfOuter) ctx.state[GIVE_PLACE_BACK] = done;
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
