import type { Middleware } from 'koa';
import { assertSignedIn } from '@credit/events';
import { callerKey, fairShare, type Share } from '../fairShare';

/**
 * Routes that read or re-score a whole batch (compare, export) run at most `running` at a time per
 * institution (per administrator for admins), a few more wait their turn, and past that the caller
 * is told to come back: one institution cannot take the server's memory from the others. A heavy
 * request gives back its place among the caller's in the query API (readShare) as it comes here:
 * waiting or running, heavy requests leave those places to the caller's screens (2 while another
 * institution's upload is being scored).
 */
export function heavyRequests(limits: Share = { running: 2, waiting: 3 }): Middleware {
  return fairShare(limits, {
    keyOf: (user) => callerKey(assertSignedIn(user)),
    refusal: 'Too many comparisons or exports are running for this institution. Please try again in a few seconds.',
    retryAfterSeconds: 5,
    insteadOfOuter: true,
  });
}
