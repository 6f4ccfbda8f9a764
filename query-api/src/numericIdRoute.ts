import type { Middleware } from 'koa';

/**
 * The middleware of a route whose `:id` also matches named paths (`/institution/:id` and
 * `/institution/dashboard`), run only for a numeric id, the only ids the route answers. koa-router
 * runs every route that matches a path, in order, as one chain: for any other id the chain goes on to
 * the named path's own route, which then neither waits for this route's projections (the dashboard
 * for the identity projection) nor is answered by its handler.
 */
export function numericIdRoute(...stack: Middleware[]): Middleware {
  return (ctx, next) => {
    if (!/^\d+$/.test(String(ctx.params?.id))) return next();
    const run = stack.reduceRight<() => Promise<unknown>>(
      (rest, middleware) => async () => middleware(ctx, rest),
      async () => next(),
    );
    return run();
  };
}
