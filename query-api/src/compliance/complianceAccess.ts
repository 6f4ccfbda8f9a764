import type { Middleware } from 'koa';
import { assertAdmin, type AuthenticatedUser } from '@credit/events';

/**
 * Who may read the compliance console (time travel, replays): platform accounts. Auditors are
 * platform accounts too, so this is the one line to change should the console ever need to tell them apart.
 */
export const assertComplianceReader = (user: AuthenticatedUser | undefined): AuthenticatedUser => assertAdmin(user);

/** First on every compliance route: refused callers wait for nothing and learn nothing of the query's shape. */
export const complianceReader: Middleware = async (ctx, next) => {
  assertComplianceReader(ctx.state.user);
  await next();
};
