import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import pino from 'pino';
import Router from '@koa/router';
import { createApp } from '../../src/http/app';
import { precompress, webBuildState } from '../../src/platform/webBuild';

/** How `npm start` serves the built web app beside the API, on a small fake build. */
describe('web app serving', () => {
  let root: string;
  let server: Server;
  let base: string;
  const logged: string[] = [];
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'web-dist-'));
    await mkdir(join(root, 'assets'));
    await writeFile(join(root, 'index.html'), '<!doctype html><html lang="en"><title>App</title><div id="root"></div></html>');
    await writeFile(join(root, 'assets', 'index-Ab12Cd34.js'), script);
    await writeFile(join(root, 'assets', 'login-Zz99.css'), 'body{margin:0}');
    await writeFile(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(join(root, 'assets', 'big-Q1w2e3.png'), randomBytes(8 * 1024 * 1024));
    const api = new Router();
    api.get('/ping', (ctx) => {
      ctx.body = { success: true };
    });
    const app = createApp({
      logger: pino({ level: 'warn' }, { write: (line: string) => logged.push(line) }),
      jsonBodyLimit: '1mb',
      apiRouters: [api],
      authenticate: (_ctx, next) => next(),
      webRoot: root,
    });
    server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(root, { recursive: true, force: true });
  });

  const get = (path: string, encoding = 'identity') => fetch(`${base}${path}`, { headers: { 'accept-encoding': encoding } });

  it('answers app routes, deep links included, with index.html that is never cached', async () => {
    for (const path of ['/', '/register', '/result/batch/12', '/admin/login', '/index.html']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year as immutable', async () => {
    const response = await get('/assets/index-Ab12Cd34.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('max-age=31536000,immutable');
    expect(await response.text()).toBe(script);
  });

  it('answers a missing asset or file with 404, never the app page', async () => {
    for (const path of ['/assets/index-OldHash1.js', '/assets/', '/missing.png']) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).not.toContain('<div id="root">');
    }
    // Sent as is (fetch would normalise the dots away): nothing outside the build is reachable.
    for (const path of ['/assets/..%2f..%2fpackage.json', '/assets/%2e%2e/%2e%2e/etc/passwd']) {
      const status = await new Promise<number | undefined>((resolve, reject) =>
        request({ host: '127.0.0.1', port: new URL(base).port, path }, (response) => resolve(response.resume().statusCode))
          .on('error', reject)
          .end(),
      );
      expect(status).toBe(404);
    }
  });

  it('takes a client that leaves in the middle of a file for no error', async () => {
    const printed = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await new Promise<void>((resolve, reject) => {
      const port = new URL(base).port;
      request({ host: '127.0.0.1', port, path: '/assets/big-Q1w2e3.png' }, (response) => {
        response.once('data', () => {
          response.destroy();
          setTimeout(resolve, 300);
        });
      })
        .on('error', reject)
        .end();
    });
    expect(logged).toEqual([]);
    expect(printed).not.toHaveBeenCalled();
    printed.mockRestore();
  });

  it('serves other files of the build (favicon) and leaves /api to the API', async () => {
    const icon = await get('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/svg/);
    const ping = await get('/api/ping');
    expect(await ping.json()).toEqual({ success: true });
    const unknown = await get('/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).success).toBe(false);
  });

  it('compresses with brotli or gzip, on the fly or from the precompressed copies', async () => {
    const raw = (response: Response) => response.arrayBuffer().then((buffer) => Buffer.from(buffer));
    // fetch decompresses by itself; read the encoding header and the length it saw.
    const onTheFly = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(onTheFly.headers.get('content-encoding')).toBe('gzip');
    expect((await raw(onTheFly)).toString()).toBe(script);

    await precompress(root);
    const br = await get('/assets/index-Ab12Cd34.js', 'br, gzip');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('max-age=31536000,immutable');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect((await raw(br)).toString()).toBe(script);
    const stored = brotliDecompressSync(
      await import('node:fs/promises').then((fs) => fs.readFile(join(root, 'assets', 'index-Ab12Cd34.js.br'))),
    );
    expect(stored.toString()).toBe(script);
    expect(
      gunzipSync(await import('node:fs/promises').then((fs) => fs.readFile(join(root, 'assets', 'index-Ab12Cd34.js.gz')))).toString(),
    ).toBe(script);
  });
});

describe('web build freshness', () => {
  it('is missing without dist, stale when a source is newer, fresh otherwise, and not built without sources', async () => {
    const web = await mkdtemp(join(tmpdir(), 'web-src-'));
    try {
      expect(await webBuildState(web)).toBe('no-sources');
      await mkdir(join(web, 'src'));
      await writeFile(join(web, 'src', 'main.tsx'), 'export {};');
      await writeFile(join(web, 'index.html'), '<div id="root"></div>');
      await writeFile(join(web, 'package.json'), JSON.stringify({ scripts: { build: 'vite build' } }));
      await writeFile(join(web, 'vite.config.ts'), 'export default {};');
      expect(await webBuildState(web)).toBe('missing');
      await mkdir(join(web, 'dist'));
      await writeFile(join(web, 'dist', 'index.html'), 'built');
      const past = new Date(Date.now() - 60_000);
      for (const file of ['src/main.tsx', 'src', 'index.html', 'package.json', 'vite.config.ts']) await utimes(join(web, file), past, past);
      expect(await webBuildState(web)).toBe('fresh');
      const future = new Date(Date.now() + 60_000);
      await utimes(join(web, 'vite.config.ts'), future, future);
      expect(await webBuildState(web)).toBe('stale');
      await utimes(join(web, 'vite.config.ts'), past, past);
      await utimes(join(web, 'src', 'main.tsx'), future, future);
      expect(await webBuildState(web)).toBe('stale');
    } finally {
      await rm(web, { recursive: true, force: true });
    }
  });
});
