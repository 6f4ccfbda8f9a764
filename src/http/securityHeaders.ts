import { randomBytes } from 'node:crypto';
import type { Context, Middleware } from 'koa';

/**
 * What the web build writes where the page's nonce goes (`html.cspNonce` in web/vite.config.ts: on
 * index.html's `<style>`, `<script>` and preload tags and in `<meta property="csp-nonce">`). The server
 * (webApp.ts) and the compose proxy (deploy/nginx.conf, `sub_filter`) put a fresh nonce there on every answer.
 */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** A fresh nonce for one answer: 128 random bits. */
export function newCspNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The app's page: scripts only from the app's own files (no inline script, no eval); styles from its
 * own files and from `<style>` elements that carry this answer's nonce (index.html's start-up screen,
 * Emotion's and react-hot-toast's elements, which the app creates with the nonce it reads from
 * `<meta property="csp-nonce">`). Style attributes React sets go through the CSSOM, which CSP does not
 * govern, so no `'unsafe-inline'` is needed anywhere. Images may be `data:` URLs (an institution's logo,
 * MUI's inline icons in CSS). Nothing may frame the page, change its base URL or embed plugins.
 */
export function appContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * Every other answer (the API's JSON, assets, files, errors): a document that may load and run nothing,
 * should one ever be opened as a page (an SVG, an error), and that nothing may frame.
 */
export const RESOURCE_CONTENT_SECURITY_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const BASELINE: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

const isApi = (ctx: Context) => ctx.path === '/api' || ctx.path.startsWith('/api/');

/**
 * The browser protections on every answer, the app's page, its files, `/api` and errors alike:
 * `nosniff`, no framing (`X-Frame-Options` and CSP `frame-ancestors`), no referrer, and a CSP (the
 * strict resource one unless the web app set the page's own). Every `/api` answer is `no-store` (they
 * carry personal or institution data, and a shared or back-button cache must not keep them) unless the
 * route chose its own `Cache-Control` (a logo served by URL with an ETag).
 */
export function securityHeaders(): Middleware {
  const apply = (ctx: Context) => {
    ctx.set(BASELINE);
    if (!ctx.response.get('Content-Security-Policy')) ctx.set('Content-Security-Policy', RESOURCE_CONTENT_SECURITY_POLICY);
    if (isApi(ctx) && !ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'no-store');
  };
  return async (ctx, next) => {
    // Set before, so an answer written early still has them, and again after, as what ran may have cleared headers.
    apply(ctx);
    try {
      await next();
    } catch (error) {
      // What escapes every handler becomes Koa's own answer, which drops the headers set so far and keeps the error's.
      if (error && typeof error === 'object') {
        const carried = error as { headers?: Record<string, string> };
        carried.headers = {
          ...BASELINE,
          'Content-Security-Policy': RESOURCE_CONTENT_SECURITY_POLICY,
          ...(isApi(ctx) ? { 'Cache-Control': 'no-store' } : {}),
          ...carried.headers,
        };
      }
      throw error;
    }
    if (!ctx.headerSent) apply(ctx);
  };
}
