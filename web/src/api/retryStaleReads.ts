import type { BaseQueryFn, FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';

type FetchQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta>;

export type StaleReadRetries = {
  /** Tries after the first answer; then the last 503 reaches the screen as an error. */
  retries: number;
  /** A longer Retry-After is not waited for: the person would rather see the error and try again. */
  longestWaitMs: number;
  wait: (ms: number, signal: AbortSignal) => Promise<void>;
};

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });

export const STALE_READ_RETRIES: StaleReadRetries = { retries: 3, longestWaitMs: 5_000, wait: sleep };

/** Milliseconds a Retry-After asks for (seconds, or an HTTP date), or null when there is none to follow. */
export function retryAfterMs(value: string | null | undefined, now: number = Date.now()): number | null {
  if (value == null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * A query the server answered 503 with Retry-After (the projections had not yet applied the
 * caller's writes) is asked again after that delay, silently, a bounded number of times. Commands
 * are never repeated here: only reads are safe to send twice.
 */
export function retryStaleReads(baseQuery: FetchQuery, options: StaleReadRetries = STALE_READ_RETRIES): FetchQuery {
  return async (args, api, extraOptions) => {
    let result = await baseQuery(args, api, extraOptions);
    for (let retry = 0; retry < options.retries && api.type === 'query' && !api.signal.aborted; retry++) {
      if (result.error?.status !== 503) break;
      const delay = retryAfterMs(result.meta?.response?.headers.get('Retry-After'));
      if (delay === null || delay > options.longestWaitMs) break;
      await options.wait(delay, api.signal);
      if (api.signal.aborted) break;
      result = await baseQuery(args, api, extraOptions);
    }
    return result;
  };
}
