import type { IncomingMessage } from 'node:http';
import type Koa from 'koa';
import { bodyParser } from '@koa/bodyparser';
import { DomainError, ValidationError } from '@credit/events';

/**
 * What is still read (and dropped) of a body refused before its end, so the connection can serve
 * the client's next request; past it the connection is closed.
 */
export const DISCARD_LIMIT = 16 * 1024 * 1024;

/**
 * JSON bodies read by @koa/bodyparser, with what it leaves to the caller:
 * - a body that is not what its `Content-Encoding` says (gzip, deflate or br) is a 400 naming the
 *   encoding, an encoding it cannot read a 415, never a 500;
 * - a body refused before its end (too large once inflated, undecodable) is read to its end and
 *   dropped, or its connection closed, so a keep-alive connection never waits on a body no one reads;
 * - uploads (multipart, read by each upload route) must come uncompressed: 415 otherwise.
 */
export function jsonBodies(limit: string): Koa.Middleware {
  const parse = bodyParser({ jsonLimit: limit, formLimit: limit, textLimit: limit, enableTypes: ['json'] });
  return async (ctx, next) => {
    const encoding = (ctx.get('content-encoding') || 'identity').trim().toLowerCase();
    if (encoding !== 'identity' && ctx.is('multipart')) {
      discardRest(ctx);
      throw new DomainError('Uploads must not be compressed: send the file without a Content-Encoding', 415);
    }
    try {
      await parse(ctx, async () => undefined);
    } catch (error) {
      discardRest(ctx);
      throw readingError(error, encoding);
    }
    await next();
  };
}

function readingError(error: unknown, encoding: string): unknown {
  const failure = (error ?? {}) as { status?: number; code?: unknown; message?: string };
  // zlib's errors (Z_DATA_ERROR, Z_BUF_ERROR, brotli's ERR__ERROR_FORMAT_…) have no status: the body is not what it claims.
  if (failure.status === undefined && encoding !== 'identity')
    return new ValidationError(`The request body is not valid ${encoding.slice(0, 50)} data, as its Content-Encoding header declares`);
  if (failure.status === 415 && /Content-Encoding/i.test(failure.message ?? ''))
    return new DomainError(
      `The Content-Encoding ${encoding.slice(0, 50)} is not supported: send the body as is, or gzip, deflate or br`,
      415,
    );
  return error;
}

/**
 * A body refused before its end stays half-read: the body parser stops reading it (it is piped into
 * an inflater that is no longer read), and Node then never reads the next request on that
 * connection. Drop the rest as it comes; one that declares or sends more than DISCARD_LIMIT gets
 * `Connection: close` (or its connection ended) instead of being read for nothing.
 */
function discardRest(ctx: Koa.Context): void {
  const req: IncomingMessage = ctx.req;
  if (req.complete || req.destroyed) return;
  const declared = Number(req.headers['content-length']);
  if (!(declared <= DISCARD_LIMIT)) ctx.set('Connection', 'close');
  let discarded = 0;
  req.unpipe();
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_LIMIT) req.socket.destroy();
  });
  req.resume();
}
