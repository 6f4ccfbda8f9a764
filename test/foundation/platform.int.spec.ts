import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Router from '@koa/router';
import { ConflictError, domainCatalogue, ok, PostgresEventStore, type EventStore } from '@credit/events';
import { contractCatalogue, counterIncremented, increment } from '@credit/events/src/contract/contractEvents';
import { waitForCheckpoints } from '@credit/projectors';
import { tallyProjection } from '@credit/projectors/src/testing/tallyProjection';
import { readsFrom } from '@credit/query-api';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';
import { bearer, signInAsAdmin } from '../support/actors';

/** A tiny feature built only for these tests: a command that appends, a query behind read-your-writes. */
function tallyRouters(getStore: () => EventStore, getPlatform: () => TestPlatform, slowQueryTimeoutMs: number): Router {
  const router = new Router({ prefix: '/test' });
  router.post('/tally', async (ctx) => {
    const { writer, sequence } = ctx.request.body as { writer: number; sequence: number };
    const event = increment(writer, sequence);
    event.metadata.correlationId = ctx.state.meta.requestId;
    const result = await getStore().append(`tally-${writer}`, [event]);
    ctx.body = ok('Counted', { eventId: event.id }, result.position);
  });
  router.post('/conflict', () => {
    throw new ConflictError('That name is already taken');
  });
  router.get(
    '/tally/:writer',
    async (ctx, next) => {
      const platform = getPlatform();
      return readsFrom(
        {
          knex: platform.knex,
          readYourWritesTimeoutMs: slowQueryTimeoutMs,
          logHead: () => platform.store.head(),
          lastPositionOf: (types, atMost) => platform.store.lastPositionOf(types, atMost),
        },
        'tally',
      )(ctx, next);
    },
    async (ctx) => {
      const row = await getPlatform()
        .knex('tally_totals')
        .where({ writer: Number(ctx.params.writer) })
        .first();
      ctx.body = ok('Tally', { events: row ? Number(row.events) : 0 });
    },
  );
  return router;
}

describe('The platform over HTTP', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform({
      catalogue: domainCatalogue().register(counterIncremented),
      projections: [tallyProjection()],
      extraRouters: [
        tallyRouters(
          () => platform.store,
          () => platform,
          1500,
        ),
      ],
      env: { JSON_BODY_LIMIT: '2kb' },
    });
  });
  afterAll(async () => platform.close());

  // Read-your-writes waits only for signed-in callers.
  let adminToken = '';
  const signedIn = () => bearer(adminToken);
  beforeAll(async () => {
    adminToken = await signInAsAdmin(platform);
  });

  it('should run its queries without parallel workers', async () => {
    const { rows } = await platform.knex.raw('SHOW max_parallel_workers_per_gather');
    expect(rows).toEqual([{ max_parallel_workers_per_gather: '0' }]);
  });

  describe('When asked for its health', () => {
    it('should answer with the event store head and each projection checkpoint', async () => {
      const { position } = await platform.store.append('tally-9', [increment(9, 1), increment(9, 2)]);
      await waitForCheckpoints(platform.knex, ['tally'], position, 10_000);
      const health = await platform.request('/api/health');
      expect(health.status).toBe(200);
      expect(health.body.data.eventStore.position).toBe(position);
      expect(health.body.data.eventStore.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(health.body.data.projections).toEqual([expect.objectContaining({ name: 'tally', position, behind: 0 })]);
    });
  });

  describe('When a command is followed by a query carrying its position', () => {
    it('should answer with data that includes the write', async () => {
      for (let sequence = 0; sequence < 5; sequence++) {
        const command = await platform.request('/api/test/tally', { method: 'POST', json: { writer: 3, sequence } });
        expect(command.status).toBe(200);
        expect(command.body.position).toBeGreaterThan(0);
        const query = await platform.request('/api/test/tally/3', {
          headers: { ...signedIn(), 'X-Min-Position': String(command.body.position) },
        });
        expect(query.body.data.events).toBe(sequence + 1);
      }
    });

    it('should answer 503 with Retry-After and a clear message when the projections cannot reach it in time', async () => {
      const head = (await platform.store.head()).position;
      const query = await platform.request('/api/test/tally/3', { headers: { ...signedIn(), 'X-Min-Position': String(head + 1000) } });
      expect(query.status).toBe(503);
      expect(query.headers.get('retry-after')).toBe('1');
      expect(query.body).toEqual({ success: false, message: expect.stringContaining('still being processed') });
    });

    it('should reject a position that is not a number', async () => {
      const query = await platform.request('/api/test/tally/3', { headers: { ...signedIn(), 'X-Min-Position': 'soon' } });
      expect(query.status).toBe(400);
      expect(query.body.message).toBe('X-Min-Position must be a whole number');
    });
  });

  describe('When a request carries an X-Request-Id', () => {
    it('should echo it and record it as the correlation id of the events it caused', async () => {
      const command = await platform.request('/api/test/tally', {
        method: 'POST',
        json: { writer: 4, sequence: 1 },
        headers: { 'X-Request-Id': 'req-abc-123' },
      });
      expect(command.headers.get('x-request-id')).toBe('req-abc-123');
      const [event] = await platform.store.readStream('tally-4');
      expect(event.metadata.correlationId).toBe('req-abc-123');
    });
  });

  describe('When requests go wrong', () => {
    it('should answer an unknown API route with 404 in the envelope', async () => {
      const response = await platform.request('/api/no/such/route');
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, message: 'No API route for GET /api/no/such/route' });
    });

    it('should map a typed domain error to its status and message', async () => {
      const response = await platform.request('/api/test/conflict', { method: 'POST', json: {} });
      expect(response).toMatchObject({ status: 409, body: { success: false, message: 'That name is already taken' } });
    });

    it('should answer 413 for a body over the limit and 400 for malformed JSON, storing nothing', async () => {
      const before = (await platform.store.head()).position;
      const big = await platform.request('/api/test/tally', {
        method: 'POST',
        json: { writer: 1, sequence: 1, padding: 'x'.repeat(5000) },
      });
      expect(big).toMatchObject({ status: 413, body: { success: false, message: 'The request body is too large' } });
      const bad = await platform.request('/api/test/tally', {
        method: 'POST',
        body: '{"writer":',
        headers: { 'content-type': 'application/json' },
      });
      expect(bad).toMatchObject({ status: 400, body: { success: false, message: 'The request body is not valid JSON' } });
      expect((await platform.store.head()).position).toBe(before);
    });
  });
});

describe('npm start on the embedded default', () => {
  /** A port the kernel just handed out, so two runs side by side do not collide. */
  const freePort = () =>
    new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });

  function start(dataDir: string, port: number, pgPort: number) {
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '../../src/main.ts')], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (output.includes('is running at')) {
          clearInterval(timer);
          resolve();
        }
      }, 50);
      void exited.then(() => {
        clearInterval(timer);
        reject(new Error(`platform exited before it was ready:\n${output}`));
      });
    });
    return { child, ready, exited, output: () => output };
  }

  it('should start on a fresh data folder, stop cleanly on SIGINT and reuse its data on a second start', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'credit-embedded-'));
    const port = await freePort();
    const pgPort = await freePort();
    const first = start(dataDir, port, pgPort);
    await first.ready;
    expect(first.output()).toContain(`http://localhost:${port}`);
    const store = new PostgresEventStore({
      connectionString: `postgres://credit:credit@127.0.0.1:${pgPort}/credit`,
      catalogue: contractCatalogue(),
    });
    const appended = await store.append('tally-1', [increment(1, 1)]);
    await store.close();
    const firstHealth = await (await fetch(`http://localhost:${port}/api/health`)).json();
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);

    const second = start(dataDir, port, pgPort);
    await second.ready;
    const secondHealth = await (await fetch(`http://localhost:${port}/api/health`)).json();
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(firstHealth.data.eventStore.position).toBe(appended.position);
    expect(secondHealth.data.eventStore).toEqual(firstHealth.data.eventStore);
  }, 120_000);
});

describe('npm run events -- verify', () => {
  const verify = (databaseUrl: string) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '../../src/cli/events.ts'), 'verify'], {
        env: { ...process.env, DATABASE_URL: databaseUrl },
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('exit', (code) => resolve({ code, output }));
    });

  it('should print the head hash for an intact log and the first broken position for a tampered one', async () => {
    const platform = await startTestPlatform({ catalogue: domainCatalogue().register(counterIncremented) });
    try {
      await platform.store.append('tally-1', [increment(1, 1), increment(1, 2), increment(1, 3)]);
      const head = await platform.store.head();
      const intact = await verify(platform.databaseUrl);
      expect(intact.code).toBe(0);
      expect(intact.output).toContain(head.hash as string);
      await platform.knex.raw(`UPDATE events SET metadata = '{"tampered":true}' WHERE position = 2`);
      const broken = await verify(platform.databaseUrl);
      expect(broken.code).toBe(1);
      expect(broken.output).toContain('BROKEN at position 2');
    } finally {
      await platform.close();
    }
  });
});
