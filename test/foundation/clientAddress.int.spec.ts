import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import Router from '@koa/router';
import { createApp, trustedProxyHops } from '../../src/http/app';

/** The client address the app sees (ctx.ip, what the audit log and the per-address limits use), served on a real port. */
async function serveClientAddress(
  env: Record<string, string>,
): Promise<{ ipFor: (forwardedFor?: string) => Promise<string>; close: () => Promise<void> }> {
  const saved = { TRUST_PROXY: process.env.TRUST_PROXY, TRUST_PROXY_HOPS: process.env.TRUST_PROXY_HOPS };
  Object.assign(process.env, env);
  const api = new Router();
  api.get('/ip', (ctx) => {
    ctx.body = { ip: ctx.ip };
  });
  let server: Server;
  try {
    const app = createApp({
      logger: pino({ level: 'silent' }),
      jsonBodyLimit: '1mb',
      apiRouters: [api],
      authenticate: (_ctx, next) => next(),
      webRoot: null,
    });
    server = createServer(app.callback());
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ipFor: async (forwardedFor) => {
      const response = await fetch(`${base}/api/ip`, { headers: forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor } });
      return ((await response.json()) as { ip: string }).ip;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('The client address', () => {
  describe('When TRUST_PROXY is off', () => {
    it('should be the socket’s address, whatever X-Forwarded-For says', async () => {
      const app = await serveClientAddress({});
      try {
        expect(await app.ipFor('203.0.113.9')).toBe('127.0.0.1');
      } finally {
        await app.close();
      }
    });
  });

  describe('When TRUST_PROXY is on, behind one proxy', () => {
    it('should be the entry the proxy added (the rightmost), never one the client wrote ahead of it', async () => {
      const app = await serveClientAddress({ TRUST_PROXY: 'true' });
      try {
        expect(await app.ipFor('192.0.2.1')).toBe('192.0.2.1');
        expect(await app.ipFor('203.0.113.9, 192.0.2.1')).toBe('192.0.2.1');
        expect(await app.ipFor('10.0.0.1, 203.0.113.9, 192.0.2.1')).toBe('192.0.2.1');
        expect(await app.ipFor()).toBe('127.0.0.1');
      } finally {
        await app.close();
      }
    });
  });

  describe('When TRUST_PROXY_HOPS says two proxies stand in a row', () => {
    it('should be the entry the outer proxy added', async () => {
      const app = await serveClientAddress({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2' });
      try {
        expect(await app.ipFor('203.0.113.9, 192.0.2.1, 10.0.0.2')).toBe('192.0.2.1');
      } finally {
        await app.close();
      }
    });

    it('should refuse a number of hops that is not a whole number from 1 to 10', () => {
      expect(trustedProxyHops(undefined)).toBe(1);
      for (const wrong of ['0', '-1', '1.5', 'two', '11'])
        expect(() => trustedProxyHops(wrong)).toThrow(/TRUST_PROXY_HOPS must be a whole number/);
    });
  });
});
