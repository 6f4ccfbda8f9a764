import type { Middleware } from 'koa';
import { DomainError, failure } from '@credit/events';
import type { AppLogger } from '../platform/logger';

type HttpLikeError = { status?: number; statusCode?: number; expose?: boolean; type?: string; message?: string };

const MESSAGES: Record<number, string> = {
  400: 'The request could not be understood',
  413: 'The request body is too large',
  415: 'This content type is not supported',
};

/**
 * The one place errors become answers: typed domain errors keep their status and message, Koa's
 * own HTTP errors (body too large, malformed JSON) get a clear message, anything else is a 500
 * whose details go to the log and never to the client.
 */
export function errorMiddleware(logger: AppLogger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (caught) {
      if (caught instanceof DomainError) {
        ctx.status = caught.status;
        ctx.body = failure(caught.message, caught.details);
        return;
      }
      const error = (caught ?? {}) as HttpLikeError;
      const status = error.status ?? error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        ctx.status = status;
        const unparsable = error.type === 'entity.parse.failed' || (status === 400 && 'body' in error);
        const message = unparsable
          ? 'The request body is not valid JSON'
          : (MESSAGES[status] ?? (error.expose ? error.message : undefined));
        ctx.body = failure(message ?? 'The request could not be processed');
        return;
      }
      (ctx.state.logger ?? logger).error({ err: caught }, 'unhandled error');
      ctx.status = 500;
      ctx.body = failure('Internal server error');
    }
  };
}
