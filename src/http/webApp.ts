import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type Koa from 'koa';
import compress from 'koa-compress';
import send from 'koa-send';
import { appContentSecurityPolicy, CSP_NONCE_PLACEHOLDER, newCspNonce } from './securityHeaders';

const YEAR_MS = 365 * 24 * 3600 * 1000;
/** The last path segment names a file (`/favicon.svg`, `/assets/index-3f9a.js`), not an app route. */
const LOOKS_LIKE_FILE = /\/[^/]*\.[a-z0-9]{1,12}$/i;

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Credit Intelligence Platform</title></head>
<body><main><h1>Credit Intelligence Platform</h1>
<p>The web app is not built: run <code>npm -w web run build</code> (or restart <code>npm start</code>, which builds it).</p>
</main></body></html>
`;

/**
 * Serves the built web app (`web/dist`) beside `/api`:
 * - `/assets/*` (file names carry a content hash) cached for a year as immutable; a missing one is a
 *   404, never the app's page, so a tab open across a deploy sees the failure and reloads;
 * - other existing files (favicon, robots.txt) with revalidation;
 * - every other GET (an app route such as `/result/batch/12`) gets `index.html`, never cached, so a
 *   refresh or a deep link loads the app, which then routes on the client. Each answer carries a fresh
 *   CSP nonce, in the page (where the build left its placeholder) and in its Content-Security-Policy.
 * Responses are compressed: the precompressed `.br`/`.gz` beside a file when present (written after
 * each build), else brotli or gzip on the fly (always for the page, which differs on every answer).
 */
export function webApp(root: string): Koa.Middleware {
  const serve: Koa.Middleware = async (ctx) => {
    ctx.vary('Accept-Encoding');
    const path = ctx.path;
    if (path.startsWith('/assets/')) {
      if (await sendFile(ctx, root, path, { maxage: YEAR_MS, immutable: true })) return;
      return notFound(ctx);
    }
    if (path !== '/' && path !== '/index.html' && (await isFile(root, path))) {
      ctx.set('Cache-Control', 'no-cache');
      if (await sendFile(ctx, root, path, {})) return;
    }
    if (LOOKS_LIKE_FILE.test(path) && path !== '/index.html') return notFound(ctx);
    ctx.set('Cache-Control', 'no-cache');
    if (await sendPage(ctx, root)) return;
    ctx.type = 'html';
    ctx.body = NOT_BUILT;
  };
  const compression = compress({ threshold: 1024, deflate: false });
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path === '/api' || ctx.path.startsWith('/api/')) return next();
    await compression(ctx, () => serve(ctx, next));
  };
}

function notFound(ctx: Koa.Context): void {
  ctx.status = 404;
  ctx.set('Cache-Control', 'no-cache');
  ctx.type = 'text';
  ctx.body = 'Not found';
}

/** index.html with this answer's nonce; false when there is none. No validator: the next load needs a new nonce. */
async function sendPage(ctx: Koa.Context, root: string): Promise<boolean> {
  let page: string;
  try {
    page = await readFile(join(root, 'index.html'), 'utf8');
  } catch {
    return false;
  }
  const nonce = newCspNonce();
  ctx.set('Content-Security-Policy', appContentSecurityPolicy(nonce));
  ctx.type = 'html';
  ctx.body = page.replaceAll(CSP_NONCE_PLACEHOLDER, nonce);
  return true;
}

async function isFile(root: string, path: string): Promise<boolean> {
  try {
    return (await stat(join(root, decodeURIComponent(path)))).isFile();
  } catch {
    return false;
  }
}

/** koa-send within root (it refuses paths that leave it); false when there is no such file. */
async function sendFile(ctx: Koa.Context, root: string, path: string, options: { maxage?: number; immutable?: boolean }): Promise<boolean> {
  try {
    // koa-send answers nothing (and no error) for a directory.
    if (await send(ctx, path, { root, index: false, hidden: false, brotli: true, gzip: true, ...options })) return true;
    ctx.remove('Cache-Control');
    return false;
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 404 || status === 400 || status === 403) {
      ctx.remove('Cache-Control');
      return false;
    }
    throw error;
  }
}
