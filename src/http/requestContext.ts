import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { RequestMeta } from '@credit/events';
import type { AppLogger } from '../platform/logger';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** Gives each request an id (the caller's X-Request-Id when sane), a child logger and an access log line. */
export function requestContext(logger: AppLogger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const meta: RequestMeta = { requestId, ip: ctx.ip || null, userAgent: ctx.get('user-agent') || null };
    ctx.state.meta = meta;
    ctx.state.logger = logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      ctx.state.logger.info({ method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 }, 'request');
    }
  };
}
