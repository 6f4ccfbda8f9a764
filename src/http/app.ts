import { join } from 'node:path';
import Koa from 'koa';
import Router from '@koa/router';
import { NotFoundError } from '@credit/events';
import type { AppLogger } from '../platform/logger';
import { jsonBodies } from './bodyParsing';
import { errorMiddleware } from './errorMiddleware';
import { inputBounds } from './inputBounds';
import { requestContext } from './requestContext';
import { securityHeaders } from './securityHeaders';
import { webApp } from './webApp';

export type AppParts = {
  logger: AppLogger;
  jsonBodyLimit: string;
  /** Routers mounted under /api, in order: commands first, then queries. */
  apiRouters: Router[];
  /** Puts the caller on ctx.state.user when a token is sent; routes then decide who may proceed. */
  authenticate: Koa.Middleware;
  /** Where the built web app is (default `WEB_DIST_DIR`, else `web/dist`); null serves none (a process without the query API). */
  webRoot?: string | null;
};

/** How many proxies of ours stand in front of the app (1 unless `TRUST_PROXY_HOPS` says otherwise). */
export function trustedProxyHops(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 1;
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 1 || hops > 10)
    throw new Error(`TRUST_PROXY_HOPS must be a whole number from 1 to 10 (got "${value}")`);
  return hops;
}

const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

export function createApp(parts: AppParts): Koa {
  // Behind our proxy the client's address is the one the proxy appended to X-Forwarded-For: the
  // rightmost entry (TRUST_PROXY_HOPS proxies in a row: the one the outermost of them appended), never
  // what the client sent ahead of it.
  const app = new Koa({ proxy: process.env.TRUST_PROXY === 'true', maxIpsCount: trustedProxyHops(process.env.TRUST_PROXY_HOPS) });
  // Koa prints what escapes the middleware to stderr; a client that went away mid-file is no error.
  app.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code && CLIENT_GONE.has(error.code)) return;
    parts.logger.warn({ err: error }, 'response failed');
  });
  // First, so every answer has them: the page, its files, /api, errors.
  app.use(securityHeaders());
  app.use(requestContext(parts.logger));
  app.use(errorMiddleware(parts.logger));
  app.use(jsonBodies(parts.jsonBodyLimit));

  const api = new Router({ prefix: '/api' });
  api.use(inputBounds);
  api.use(parts.authenticate);
  for (const router of parts.apiRouters) api.use(router.routes(), router.allowedMethods());
  api.all('/{*rest}', (ctx) => {
    throw new NotFoundError(`No API route for ${ctx.method} ${ctx.path}`);
  });
  app.use(api.routes());
  if (parts.webRoot !== null) app.use(webApp(parts.webRoot ?? process.env.WEB_DIST_DIR ?? join(__dirname, '../../web/dist')));
  return app;
}
