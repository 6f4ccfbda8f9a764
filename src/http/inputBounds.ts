import type Koa from 'koa';
import { assertBodyWithinBounds, assertQueryWithinBounds } from '@credit/events';

/** Every API request's query string and JSON body checked against the shared text bounds before a route reads them. */
export const inputBounds: Koa.Middleware = async (ctx, next) => {
  assertQueryWithinBounds(ctx.query);
  assertBodyWithinBounds(ctx.request.body);
  await next();
};
