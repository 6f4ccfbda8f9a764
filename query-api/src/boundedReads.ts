import type { Middleware } from 'koa';
import { TimeoutError } from '@credit/events';

/** Reads PostgreSQL stopped at the query connections' statement_timeout since this process started (`/api/health`). */
export type SlowReads = { count: number };

/** PostgreSQL's query_canceled: the statement ran past its session's statement_timeout. */
const QUERY_CANCELED = '57014';

export const READ_TOOK_TOO_LONG =
  'This request took too long and was stopped. Please narrow it (a longer search, one batch) and try again.';

/**
 * The query API's statements run on connections with a statement_timeout (README, "Bounded reads"):
 * a read that a search's plan turns into minutes of one PostgreSQL process is stopped there, and
 * its caller gets 504 with a message to act on, not a 500. It is not retried by the web app: the
 * same read would run as long again.
 */
export function boundedReads(slowReads: SlowReads): Middleware {
  return async (_ctx, next) => {
    try {
      await next();
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code !== QUERY_CANCELED) throw error;
      slowReads.count++;
      throw new TimeoutError(READ_TOOK_TOO_LONG);
    }
  };
}
