import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { newEventId } from '@credit/events';
import { evolveAdmin, initialAdmin } from '../../command-api/src/admins/admin';
import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';
import { csvOf, settledBatch, starterRows, upload } from '../support/uploads';
import { concretePath, registeredRoutes } from './apiRoutes';

/** A 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const INVISIBLE = 'must not contain control, invisible or text-direction characters';

type Raw = { status: number; text: string; headers: IncomingHttpHeaders; localPort: number };

/** One request through a keep-alive agent, with the local port of the socket it went on. */
function rawRequest(
  platform: TestPlatform,
  agent: Agent,
  options: { method: string; path: string; headers?: Record<string, string>; body?: Buffer | Buffer[] },
): Promise<Raw> {
  const url = new URL(platform.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: options.path, method: options.method, agent, headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString(),
            headers: res.headers,
            localPort: req.socket?.localPort ?? -1,
          }),
        );
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer in 10 s to ${options.method} ${options.path}`)));
    // A client still sending when the server has answered and closed sees EPIPE or ECONNRESET: the answer is what counts.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' ? undefined : reject(error)));
    if (Array.isArray(options.body)) {
      for (const chunk of options.body) req.write(chunk);
      req.end();
    } else req.end(options.body);
  });
}

/** About 1 GB of JSON whitespace once inflated, about 1 MB on the wire (gzip members one after another). */
function gzipBomb(): Buffer {
  const member = gzipSync(Buffer.alloc(16 * 1024 * 1024, 0x20));
  return Buffer.concat(Array.from({ length: 64 }, () => member));
}

/** The low findings of the second black-box probe (issue 20), each reproduced as it was found. */
describe('Low findings of the second black-box probe', () => {
  let platform: TestPlatform;
  let admin: string;
  let bank: TestInstitution;
  let neighbour: TestInstitution;
  let batchId: number;
  let creditLimits: number[];
  beforeAll(async () => {
    platform = await startTestPlatform({ env: { REGISTRATION_LIMIT_PER_HOUR: '1000' } });
    admin = await signInAsAdmin(platform);
    bank = await approvedInstitution(platform, admin, 'Second Probe Bank');
    neighbour = await approvedInstitution(platform, admin, 'Neighbour Bank');
    const { headers, rows } = starterRows(12);
    const uploaded = await upload(platform, bank.token, { name: 'clients.csv', content: csvOf(headers, rows) });
    batchId = uploaded.body.data.batch.id;
    await settledBatch(platform, bank.token, batchId, uploaded.body.position);
    const all = await platform.request(`/api/result/batch/${batchId}?limit=100`, { headers: bearer(bank.token) });
    creditLimits = (all.body.data.results as { credit_limit: number }[]).map((result) => result.credit_limit).sort((a, b) => a - b);
  });
  afterAll(async () => platform.close());

  describe('When an amount filter has decimals (minAmount=1.5 was a 500: bigint cast)', () => {
    const routes = () => [
      '/api/results',
      '/api/result/getAllResults',
      `/api/result/institution/${bank.id}`,
      `/api/result/batch/${batchId}`,
    ];

    it('should filter every results route, in both views, by the whole amounts the bound admits', async () => {
      expect(creditLimits.length).toBe(12);
      const middle = creditLimits[6];
      const countOf = async (path: string, query: string) => {
        const response = await platform.request(`${path}?limit=100&${query}`, { headers: bearer(bank.token) });
        expect({ path, query, status: response.status }).toEqual({ path, query, status: 200 });
        return response.body.data.pagination.total as number;
      };
      for (const path of routes()) {
        for (const view of ['batches', 'clients']) {
          expect(await countOf(path, `view=${view}&minAmount=1.5`)).toBe(creditLimits.filter((limit) => limit >= 2).length);
          // Just below a credit limit: it is in from above and out from below; just above, the reverse.
          expect(await countOf(path, `view=${view}&minAmount=${middle - 0.5}`)).toBe(
            creditLimits.filter((limit) => limit >= middle).length,
          );
          expect(await countOf(path, `view=${view}&maxAmount=${middle - 0.5}`)).toBe(creditLimits.filter((limit) => limit < middle).length);
          expect(await countOf(path, `view=${view}&minAmount=${middle + 0.25}&maxAmount=${middle + 0.75}`)).toBe(0);
          expect(await countOf(path, `view=${view}&minAmount=-0.5&maxAmount=1e14`)).toBe(12);
        }
      }
    });

    it('should refuse an amount that is no number with a 400 naming it, and never answer 5xx on the export or the comparison', async () => {
      for (const path of routes()) {
        const response = await platform.request(`${path}?maxAmount=1,5`, { headers: bearer(bank.token) });
        expect(response).toMatchObject({
          status: 400,
          body: { success: false, message: 'maxAmount must be a number between -1,000,000,000,000,000 and 1,000,000,000,000,000' },
        });
      }
      for (const path of [
        `/api/result/export?uploadBatchId=${batchId}&minAmount=1.5`,
        `/api/result/compare?uploadBatchId=${batchId}&minAmount=1.5`,
      ]) {
        expect((await platform.request(path, { headers: bearer(bank.token) })).status).toBe(200);
      }
    });
  });

  describe('When any GET route of the route table is given decimals where it reads numbers', () => {
    it('should never answer 5xx', async () => {
      const query =
        'page=1.5&limit=2.5&minAmount=1.5&maxAmount=2.5&institutionId=1.5&uploadBatchId=1.5&batchId=1.5&modelVersion=1.5&days=1.5';
      const routes = registeredRoutes().filter((route) => route.method === 'GET');
      expect(routes.length).toBeGreaterThan(30);
      for (const route of routes) {
        for (const token of [admin, bank.token]) {
          const response = await platform.request(`/api${concretePath(route, bank.id, batchId)}?${query}`, { headers: bearer(token) });
          expect({ route: route.key, status: response.status < 500 }).toEqual({ route: route.key, status: true });
        }
      }
    });
  });

  describe('When a JSON body is nested thousands of levels deep (was a 500: stack overflow)', () => {
    const deepArray = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
    const deepObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

    it('should refuse it with 400 on every route that reads a body, taken from the route table', async () => {
      const routes = registeredRoutes().filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method));
      expect(routes.length).toBeGreaterThan(40);
      for (const route of routes) {
        const path = `/api${concretePath(route, bank.id, 1)}`;
        for (const body of [deepArray(5_000), deepObject(100_000)]) {
          const response = await platform.request(path, {
            method: route.method,
            body,
            headers: { ...bearer(admin), 'content-type': 'application/json' },
          });
          expect({ route: route.key, status: response.status, message: response.body.message }).toEqual({
            route: route.key,
            status: 400,
            message: 'The request body is nested too deeply (at most 32 levels)',
          });
        }
      }
      expect((await platform.request('/api/health')).status).toBe(200);
    });

    it('should still read a body nested as deep as the limit', async () => {
      let extra: unknown = 1;
      for (let level = 1; level < 31; level++) extra = [extra];
      const registered = await platform.request('/api/institution/create', {
        method: 'POST',
        json: { name: 'Nested Bank', email: 'nested@bank.test', password: 'Nested-pass-1', extra },
      });
      expect(registered.status).toBe(201);
    });
  });

  describe('When a body is not what its Content-Encoding says (was a 500)', () => {
    const registration = Buffer.from(JSON.stringify({ name: 'Encoded Bank', email: 'encoded@bank.test', password: 'Encoded-pass-1' }));
    const send = (body: Buffer, encoding: string, type = 'application/json', path = '/api/institution/create') =>
      platform.request(path, {
        method: 'POST',
        body: new Uint8Array(body),
        headers: { 'content-type': type, 'content-encoding': encoding },
      });

    it.each(['deflate', 'gzip', 'br'])('should refuse a body declared %s that is not with 400 naming the encoding', async (encoding) => {
      const response = await send(registration, encoding);
      expect(response).toMatchObject({
        status: 400,
        body: { success: false, message: `The request body is not valid ${encoding} data, as its Content-Encoding header declares` },
      });
    });

    it('should refuse an encoding it cannot read with 415, and read the ones it can', async () => {
      expect(await send(registration, 'zstd')).toMatchObject({
        status: 415,
        body: { message: 'The Content-Encoding zstd is not supported: send the body as is, or gzip, deflate or br' },
      });
      expect((await send(deflateSync(registration), 'deflate')).status).toBe(201);
      const again = Buffer.from(JSON.stringify({ name: 'Brotli Bank', email: 'brotli@bank.test', password: 'Brotli-pass-1' }));
      expect((await send(brotliCompressSync(again), 'br')).status).toBe(201);
    });

    it('should refuse a compressed upload (multipart) with 415, whatever it holds', async () => {
      const form = new FormData();
      form.append('batchName', 'Compressed');
      form.append('csvFile', new Blob(['name,reference_number\nA,1\n']), 'clients.csv');
      const encoded = new Request('http://localhost/', { method: 'POST', body: form });
      const multipart = Buffer.from(await encoded.arrayBuffer());
      for (const body of [deflateSync(multipart), multipart]) {
        const response = await platform.request('/api/csv/upload', {
          method: 'POST',
          body: new Uint8Array(body),
          headers: { ...bearer(bank.token), 'content-type': encoded.headers.get('content-type') as string, 'content-encoding': 'deflate' },
        });
        expect(response).toMatchObject({
          status: 415,
          body: { message: 'Uploads must not be compressed: send the file without a Content-Encoding' },
        });
      }
    });
  });

  describe('When a gzip bomb got its 413 (the keep-alive connection then stopped answering)', () => {
    it('should read the rest of the body and answer the next request on the same connection', async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const bomb = gzipBomb();
        const refused = await rawRequest(platform, agent, {
          method: 'POST',
          path: '/api/institution/create',
          headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
          body: bomb,
        });
        expect({ status: refused.status, body: JSON.parse(refused.text) }).toEqual({
          status: 413,
          body: { success: false, message: 'The request body is too large' },
        });
        const next = await rawRequest(platform, agent, { method: 'GET', path: '/api/health' });
        expect(next.status).toBe(200);
        expect(next.localPort).toBe(refused.localPort);
      } finally {
        agent.destroy();
      }
    });

    it('should close the connection (Connection: close) when the body has no length, and answer the next request', async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const bomb = gzipBomb();
        const chunks = Array.from({ length: 16 }, (_, index) =>
          bomb.subarray((index * bomb.length) / 16, ((index + 1) * bomb.length) / 16),
        );
        const refused = await rawRequest(platform, agent, {
          method: 'POST',
          path: '/api/institution/create',
          headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'transfer-encoding': 'chunked' },
          body: chunks,
        });
        expect(refused.status).toBe(413);
        expect(refused.headers.connection).toBe('close');
        const next = await rawRequest(platform, agent, { method: 'GET', path: '/api/health' });
        expect(next.status).toBe(200);
      } finally {
        agent.destroy();
      }
    });
  });

  describe('When an institution is reactivated (its earlier tokens, 30-day ones too, came back to life)', () => {
    it('should keep every token issued before the deactivation dead, and sign in anew', async () => {
      const reactivated = await approvedInstitution(platform, admin, 'Reactivated Bank');
      const credentials = { email: reactivated.email, password: reactivated.password };
      const longLived = await platform.request('/api/institution/login', { method: 'POST', json: { ...credentials, keepSignedIn: true } });
      const tokens = [reactivated.token, longLived.body.token as string];
      const batches = (token: string) => platform.request('/api/csv/batches', { headers: bearer(token) });
      for (const token of tokens) expect((await batches(token)).status).toBe(200);

      const status = (isActive: boolean) =>
        platform.request(`/api/admin/update-institution-status/${reactivated.id}`, {
          method: 'PATCH',
          headers: bearer(admin),
          json: { is_active: isActive },
        });
      expect((await status(false)).status).toBe(200);
      for (const token of tokens) expect((await batches(token)).status).toBe(403);
      expect((await status(true)).status).toBe(200);

      for (const token of tokens)
        expect(await batches(token)).toMatchObject({ status: 401, body: { message: 'Your session has ended. Please sign in again.' } });
      const signIn = await platform.request('/api/institution/login', { method: 'POST', json: credentials });
      expect(signIn.status).toBe(200);
      expect((await batches(signIn.body.token)).status).toBe(200);
    });

    it('should end an administrator’s sessions at its deactivation too (no reactivation exists, none may revive them)', () => {
      const metadata = (occurredAt: string) => ({ actor: { id: '1', role: 'admin', name: 'A' }, correlationId: 'c', occurredAt });
      const created = evolveAdmin(initialAdmin(), {
        type: 'AdminCreated',
        data: { adminId: 2, name: 'B', email: 'b@admins.test', passwordHash: '$argon2id$x', role: 'administrator' },
        metadata: metadata('2026-01-01T00:00:00.000Z'),
      } as never);
      const deactivated = evolveAdmin(created, {
        type: 'AdminDeactivated',
        data: { adminId: 2 },
        metadata: metadata('2026-02-01T10:00:00.123Z'),
      } as never);
      expect(deactivated).toMatchObject({ status: 'inactive', sessionsValidAfter: Date.parse('2026-02-01T10:00:00.123Z') });
    });
  });

  describe('When a name holds bidi overrides, zero-width or control characters (…\\u202Eevil showed as "live")', () => {
    it.each([
      ['POST', '/api/institution/create', null, { name: 'Good Bank \u202Eevil', email: 'bidi@bank.test', password: 'Bidi-pass-1' }, 'Name'],
      ['POST', '/api/institution/create', null, { name: 'Good\u200BBank', email: 'zw@bank.test', password: 'Zero-pass-1' }, 'Name'],
      ['PUT', '/api/institution/profile', 'bank', { name: 'Second\u0007Probe' }, 'Name'],
      ['PUT', '/api/institution/profile', 'bank', { name: 'Second Probe\u2066' }, 'Name'],
      ['POST', '/api/admin/create', 'admin', { name: 'Ad\u200Fmin', email: 'rlm@admins.test', password: 'Admin-pass-1' }, 'Name'],
      ['PUT', '/api/admin/profile', 'admin', { name: 'System\uFEFFAdministrator' }, 'Name'],
      [
        'POST',
        '/api/variableCategory/create',
        'admin',
        { name: 'Cat\u061Cegory', description: 'D', creditLimitWeight: 1, interestRateWeight: 1 },
        'Name',
      ],
      [
        'POST',
        '/api/variableCategory/create',
        'admin',
        { name: 'Category', description: 'Line\u202Dtwo', creditLimitWeight: 1, interestRateWeight: 1 },
        'Description',
      ],
      ['POST', '/api/variable/create', 'admin', { name: 'Income\u0085', uniqueCode: 'X1' }, 'Name'],
      ['POST', '/api/parameter/create', 'admin', { name: 'Floor\u2060', uniqueCode: 99 }, 'Name'],
      ['PATCH', '/api/admin/institutions/1/approval', 'admin', { approved: false, reason: 'No\u202E' }, 'Reason'],
    ])('%s %s should refuse it with 400 naming the field', async (method, path, who, json, label) => {
      const token = who === 'admin' ? admin : who === 'bank' ? bank.token : null;
      const response = await platform.request(path, { method, json, headers: token ? bearer(token) : {} });
      expect(response).toMatchObject({ status: 400, body: { success: false, message: `${label} ${INVISIBLE}` } });
    });

    it('should refuse it in an upload form’s batch name and description', async () => {
      for (const [fields, label] of [
        [{ batchName: 'March\u202Ekram' }, 'Batch name'],
        [{ batchName: 'March', batchDescription: 'Clients\u200D' }, 'Description'],
      ] as const) {
        const response = await upload(platform, bank.token, { name: 'clients.csv', content: 'name,reference_number\nA,1\n' }, fields);
        expect(response).toMatchObject({ status: 400, body: { message: `${label} ${INVISIBLE}` } });
      }
    });

    it('should accept accents, Arabic, combining marks and a description’s line breaks', async () => {
      for (const name of ['Société Générale Côte d’Ivoire', 'مصرف الخرطوم', 'Banque Ñ\u0301 Ẹ̀kó']) {
        const response = await platform.request('/api/institution/create', {
          method: 'POST',
          json: { name, email: `${Buffer.from(name).toString('hex').slice(0, 20)}@scripts.test`, password: 'Script-pass-1' },
        });
        expect({ name, status: response.status }).toEqual({ name, status: 201 });
      }
      const category = await platform.request('/api/variableCategory/create', {
        method: 'POST',
        headers: bearer(admin),
        json: {
          name: 'Capacité de remboursement',
          description: 'Première ligne\n\tdeuxième ligne',
          creditLimitWeight: 1,
          interestRateWeight: 1,
        },
      });
      expect(category.status).toBeLessThan(300);
    });
  });

  describe('When an institution has a logo (a 499 KB one was returned inside every sign-in answer)', () => {
    const big = () => `data:image/png;base64,${Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(360_000, 7)]).toString('base64')}`;
    const setLogo = async (logo: string | null, token = bank.token) => {
      const changed = await platform.request('/api/institution/profile', { method: 'PUT', headers: bearer(token), json: { logo } });
      expect(changed.status).toBe(200);
      return changed;
    };
    const signIn = (who: TestInstitution) =>
      platform.request('/api/institution/login', { method: 'POST', json: { email: who.email, password: who.password } });

    it('should answer the sign-in with the logo’s URL, and serve the image there, cached, to an <img> without a token', async () => {
      const logo = big();
      expect(logo.length).toBeGreaterThan(450_000);
      const changed = await setLogo(logo);
      const answer = await signIn(bank);
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body).length).toBeLessThan(2_000);
      const url = answer.body.logoUrl as string;
      expect(url).toMatch(new RegExp(`^/api/institution/${bank.id}/logo\\?v=[\\w-]+&expires=\\d+&signature=[\\w-]+$`));
      expect(answer.body.institutionLogo).toBe(url);
      expect(changed.body.data.logoUrl).toBe(url);

      const image = await fetch(`${platform.url}${url}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.headers.get('x-content-type-options')).toBe('nosniff');
      expect(image.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
      expect(Buffer.from(await image.arrayBuffer())).toEqual(Buffer.from(logo.split(',')[1], 'base64'));
      const etag = image.headers.get('etag') as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      // As a browser revalidates (fetch would add `Cache-Control: no-cache`, which asks for the whole answer).
      const again = await fetch(`${platform.url}${url}`, { headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } });
      expect(again.status).toBe(304);

      await setLogo(`data:image/png;base64,${PNG}`);
      const renewed = (await signIn(bank)).body.logoUrl as string;
      expect(renewed).not.toBe(url);
      const changedImage = await fetch(`${platform.url}${renewed}`);
      expect(changedImage.headers.get('etag')).not.toBe(etag);
      expect(Buffer.from(await changedImage.arrayBuffer())).toEqual(Buffer.from(PNG, 'base64'));
    });

    it('should give the URL, never the image, in the profile and the administrators’ lists', async () => {
      await setLogo(big());
      for (const [path, token] of [
        ['/api/institution/profile/me', bank.token],
        [`/api/institution/${bank.id}`, bank.token],
        ['/api/institution/getAllInstitutions', admin],
        ['/api/admin/institutions?status=all', admin],
      ] as const) {
        const response = await platform.request(path, { headers: bearer(token) });
        expect(response.status).toBe(200);
        const text = JSON.stringify(response.body);
        expect({ path, holdsImage: text.includes('data:image') }).toEqual({ path, holdsImage: false });
        expect(text).toContain(`/api/institution/${bank.id}/logo?v=`);
      }
    });

    it('should let only the institution and the administrators fetch it', async () => {
      await setLogo(`data:image/png;base64,${PNG}`);
      const path = `/api/institution/${bank.id}/logo`;
      expect((await platform.request(path, { headers: bearer(bank.token) })).status).toBe(200);
      expect((await platform.request(path, { headers: bearer(admin) })).status).toBe(200);
      expect(await platform.request(path, { headers: bearer(neighbour.token) })).toMatchObject({ status: 403, body: { success: false } });
      expect((await platform.request(path)).status).toBe(401);

      const url = new URL((await signIn(bank)).body.logoUrl as string, platform.url);
      const tampered = new URL(url);
      tampered.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
      expect((await platform.request(`${tampered.pathname}${tampered.search}`)).status).toBe(401);
      // The neighbour's own signed URL does not open the bank's logo.
      await setLogo(`data:image/png;base64,${PNG}`, neighbour.token);
      const theirs = new URL((await signIn(neighbour)).body.logoUrl as string, platform.url);
      expect((await platform.request(`${path}${theirs.search}`)).status).toBe(401);
    });

    it('should refuse to store an SVG or HTML logo, and never serve one stored before', async () => {
      for (const logo of ['data:image/svg+xml;base64,PHN2Zy8+', 'data:text/html;base64,PHNjcmlwdD4=', 'https://example.test/logo.png']) {
        const response = await platform.request('/api/institution/profile', { method: 'PUT', headers: bearer(bank.token), json: { logo } });
        expect(response).toMatchObject({
          status: 400,
          body: { message: 'The logo must be a PNG, JPEG or WebP image (a base64 data URL)' },
        });
      }
      const { position } = await platform.store.append(`institution-${bank.id}`, [
        {
          id: newEventId(),
          type: 'InstitutionDetailsChanged',
          data: { institutionId: bank.id, logo: 'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+' },
          metadata: {
            actor: { id: String(bank.id), role: 'institution', name: 'Second Probe Bank' },
            institutionId: bank.id,
            correlationId: 'svg-logo',
            occurredAt: new Date().toISOString(),
          },
        },
      ]);
      const me = await platform.request('/api/institution/profile/me', {
        headers: { ...bearer(bank.token), 'X-Min-Position': String(position) },
      });
      expect(me.body.data).toMatchObject({ logo: null, logoUrl: null });
      expect((await signIn(bank)).body).toMatchObject({ institutionLogo: null, logoUrl: null });
      expect((await platform.request(`/api/institution/${bank.id}/logo`, { headers: bearer(bank.token) })).status).toBe(404);
    });
  });
});
