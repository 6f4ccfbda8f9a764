import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import { csvOf, starterRows } from '../support/uploads';
import { createTestDatabase } from '../support/testDatabase';
import { TEST_ADMIN } from '../support/testPlatform';
import { call, platformProcesses, waitForHealth } from '../support/processes';

const ROOT = join(__dirname, '../..');
const PROJECTION_LOCKS = 4_240_017;

/**
 * The platform as separate OS processes on one PostgreSQL, as `npm run start:command-api`,
 * `start:query-api` and `start:projectors` run it: two of each, requests alternating between them,
 * no consistency header, and the active projector killed with SIGKILL while a batch is scored.
 */
describe('The platform as separate processes', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const { processes, start, stopAll } = platformProcesses(() => database.url);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await stopAll();
    await database.drop();
  });

  it('should serve register → list → approve → sign in → category → list → 20 000-record upload → results, and survive the active projector’s death', async () => {
    const [commands1, commands2, queries1, queries2, projectors1, projectors2] = [
      await start('command-api-1', 'src/processes/commandApi.ts'),
      await start('command-api-2', 'src/processes/commandApi.ts'),
      await start('query-api-1', 'src/processes/queryApi.ts'),
      await start('query-api-2', 'src/processes/queryApi.ts'),
      await start('projectors-1', 'src/processes/projectors.ts'),
      await start('projectors-2', 'src/processes/projectors.ts'),
    ];
    for (const started of processes) await waitForHealth(started);

    // The command APIs refuse queries, and the query APIs refuse commands: each runs its part only.
    expect((await call(commands1, '/variableCategory/all')).status).toBe(404);
    expect((await call(queries1, '/institution/create', { method: 'POST', json: {} })).status).toBe(404);

    const registered = await call(commands1, '/institution/create', {
      method: 'POST',
      json: { name: 'Split Bank', email: 'ops@split.test', password: 'Split-pass-1' },
    });
    expect(registered.status).toBe(201);
    const admin = (await call(commands2, '/admin/login', { method: 'POST', json: TEST_ADMIN })).body.token;
    const pending = await call(queries1, '/admin/institutions?status=pending', { token: admin });
    expect(pending.body.data.institutions.map((row: { id: number }) => row.id)).toContain(registered.body.data.id);
    expect((await call(commands1, `/admin/institutions/${registered.body.data.id}/approve`, { method: 'POST', token: admin })).status).toBe(
      200,
    );
    const approved = await call(queries2, '/admin/institutions?status=approved', { token: admin });
    expect(approved.body.data.institutions.map((row: { id: number }) => row.id)).toContain(registered.body.data.id);
    const signedIn = await call(commands2, '/institution/login', {
      method: 'POST',
      json: { email: 'ops@split.test', password: 'Split-pass-1' },
    });
    expect(signedIn.status).toBe(200);
    const bank = signedIn.body.token as string;
    const category = await call(commands1, '/variableCategory/create', {
      method: 'POST',
      token: admin,
      json: { name: 'Split category', description: 'Made on one process', creditLimitWeight: 0, interestRateWeight: 0 },
    });
    expect(category.status).toBe(201);
    const categories = await call(queries2, '/variableCategory/all', { token: bank });
    expect(categories.body.data.map((row: { name: string }) => row.name)).toContain('Split category');

    const { headers, rows } = starterRows(20_000, 77);
    const form = new FormData();
    form.append('batchName', 'Split batch');
    form.append('csvFile', new Blob([csvOf(headers, rows)]), 'clients.csv');
    let batchId = 0;

    // Kill the active projector mid-batch, at a point it cannot have moved past: this test's transaction
    // holds a client of the batch's last rows (same institution and reference number, not committed), so
    // the projector's write of that page waits on it with the pages before it committed. Then the kill,
    // then the holder rolls back and the survivor carries on.
    const pg = new Client({ connectionString: database.url });
    await pg.connect();
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    try {
      const reference = rows[rows.length - 1][headers.indexOf('reference_number')].trim();
      await holder.query('BEGIN');
      await holder.query(
        `INSERT INTO clients (id, institution_id, reference_number, name, phone_number, email, created_at, updated_at)
         VALUES ($1, $2, $3, 'Held by the test', '', '', now(), now())`,
        [2 ** 40, registered.body.data.id, reference],
      );
      const holderPid = (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      const uploaded = await call(commands2, '/csv/upload', { method: 'POST', token: bank, body: form });
      expect(uploaded.status).toBe(201);
      batchId = uploaded.body.data.batch.id as number;

      let waiting: string | undefined;
      for (const deadline = Date.now() + 120_000; waiting === undefined && Date.now() < deadline;) {
        const blocked = await pg.query<{ application_name: string }>(
          'SELECT application_name FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
          [holderPid],
        );
        waiting = blocked.rows[0]?.application_name;
        if (waiting === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // The projector holding the scoring projection's lock is the active one, and it is the one waiting.
      const active = await pg.query<{ application_name: string }>(
        `SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE l.locktype = 'advisory' AND l.classid = $1 AND l.objid = hashtext('scoring')::oid AND l.granted
            AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        [PROJECTION_LOCKS],
      );
      expect(waiting).toBe(active.rows[0]?.application_name);
      const victim = [projectors1, projectors2].find((started) => started.name === waiting);
      expect(victim).toBeDefined();
      const scored = await pg.query<{ processed_records: number }>('SELECT processed_records FROM batches WHERE id = $1', [batchId]);
      // Killed mid-batch: some pages scored and committed, not all.
      expect(scored.rows[0].processed_records).toBeGreaterThan(0);
      expect(scored.rows[0].processed_records).toBeLessThan(20_000);
      const exited = new Promise((resolve) => victim!.child.once('exit', resolve));
      victim!.child.kill('SIGKILL');
      await exited;
      await holder.query('ROLLBACK');
      const survivor = victim === projectors1 ? projectors2 : projectors1;

      const deadline = Date.now() + 60_000;
      let status = 'processing';
      while (status === 'processing' && Date.now() < deadline) {
        const batch = await call(queries1, `/csv/batch/${batchId}`, { token: bank });
        status = batch.body.data.status;
        if (status === 'processing') await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(status).toBe('completed');
      // Who holds the scoring projection's lock in this test's database now (advisory locks are per database,
      // and other test files' platforms run on the same server): the survivor alone.
      const taken = await pg.query<{ application_name: string }>(
        `SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE l.locktype = 'advisory' AND l.classid = $1 AND l.objid = hashtext('scoring')::oid AND l.granted
            AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        [PROJECTION_LOCKS],
      );
      expect(taken.rows.map((row) => row.application_name)).toEqual([survivor.name]);

      const counts = await pg.query<{ results: string; clients: string }>(
        'SELECT count(*) AS results, count(DISTINCT client_id) AS clients FROM results WHERE batch_id = $1',
        [batchId],
      );
      expect(counts.rows[0]).toEqual({ results: '20000', clients: '20000' });
    } finally {
      await holder.end();
      await pg.end();
    }
    const results = await call(queries2, `/result/batch/${batchId}?limit=5`, { token: bank });
    expect(results.body.data.pagination.total).toBe(20_000);
    expect(results.body.data.batchSummary.totalClients).toBe(20_000);

    const verify = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/events.ts'), 'verify'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    expect({ status: verify.status, stderr: verify.stderr }).toEqual({ status: 0, stderr: '' });
  }, 240_000);
});
