import type { Middleware } from 'koa';
import { assertSignedIn } from '@credit/events';
import { callerKey, fairShare, type Share } from '../fairShare';

/**
 * Routes that read or re-score a whole batch (compare, export) run at most `running` at a time per
 * institution (per administrator for admins), a few more wait their turn, and past that the caller
 * is told to come back: one institution cannot take the server's memory from the others. Running and
 * waiting together stay below the caller's places in the query API (the platform's READ_SHARE, 6 or more):
 * a queue here longer than those would never fill, and its heavy requests would hold every place.
 */
export function heavyRequests(limits: Share = { running: 2, waiting: 3 }): Middleware {
  return fairShare(limits, {
    keyOf: (user) => callerKey(assertSignedIn(user)),
    refusal: 'Too many comparisons or exports are running for this institution. Please try again in a few seconds.',
    retryAfterSeconds: 5,
  });
}
