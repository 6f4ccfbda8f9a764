import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import type { Readable } from 'node:stream';
import { join } from 'node:path';
import { PostgresEventStore } from '@credit/events';
import { contractCatalogue, increment } from '@credit/events/src/contract/contractEvents';

/**
 * `npm start` as an operator runs it, as real processes, each with its own DATA_DIR and embedded
 * PostgreSQL: a platform attaches only to its own data folder's server, survives a stray rejection,
 * exits cleanly on a fatal error or when its server goes away, and the next start recovers from a
 * kill -9 by itself (whether or not the watchdog got to stop the orphaned server first).
 */

const ROOT = join(__dirname, '../..');
const EMPTY_WEB = join(tmpdir(), 'credit-survival-no-web');

/** A port the kernel just handed out, so runs side by side do not collide. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

type Started = { child: ChildProcessByStdio<null, Readable, Readable>; exited: Promise<number | null>; output: () => string };
const started: Started[] = [];

function spawnProcess(script: string, args: string[], env: Record<string, string>, preload: string[] = []): Started {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', ...preload.flatMap((file) => ['--import', file]), join(ROOT, script), ...args],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', WEB_DIST_DIR: EMPTY_WEB, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const result: Started = { child, exited, output: () => output };
  started.push(result);
  return result;
}

function startPlatform(dataDir: string, port: number, pgPort: number, preload: string[] = []) {
  const platform = spawnProcess('src/main.ts', [], { DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort) }, preload);
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (platform.output().includes('is running at')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    void platform.exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`platform exited (${code}) before it was ready:\n${platform.output()}`));
    });
  });
  ready.catch(() => undefined);
  return { ...platform, ready, url: `http://127.0.0.1:${port}` };
}

const health = async (url: string) => {
  const response = await fetch(`${url}/api/health`);
  return { status: response.status, body: (await response.json()) as { data: { eventStore: { position: number; hash: string } } } };
};

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

const postmasterPid = (dataDir: string) => Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
const ownerOf = (dataDir: string) =>
  JSON.parse(readFileSync(join(dataDir, 'embedded-postgres.owner'), 'utf8')) as { pid: number; postmasterPid: number; watchdogPid: number };

async function appendOne(pgPort: number, sequence: number): Promise<number> {
  const store = new PostgresEventStore({
    connectionString: `postgres://credit:credit@127.0.0.1:${pgPort}/credit`,
    catalogue: contractCatalogue(),
  });
  try {
    return (await store.append(`tally-${sequence}`, [increment(sequence, 1)])).position;
  } finally {
    await store.close();
  }
}

beforeAll(async () => {
  await mkdir(EMPTY_WEB, { recursive: true });
});

afterAll(async () => {
  const running = started.filter((each) => each.child.exitCode === null && each.child.signalCode === null);
  for (const each of running) each.child.kill('SIGTERM');
  await Promise.all(running.map((each) => Promise.race([each.exited, new Promise((resolve) => setTimeout(resolve, 20_000).unref())])));
});

describe('Two installs on one machine', () => {
  it('should refuse a second platform and a command-line tool of another data folder on the same EMBEDDED_PG_PORT, the first working on', async () => {
    const [first, second] = [await mkdtemp(join(tmpdir(), 'credit-first-')), await mkdtemp(join(tmpdir(), 'credit-second-'))];
    const pgPort = await freePort();
    const one = startPlatform(first, await freePort(), pgPort);
    await one.ready;
    const position = await appendOne(pgPort, 1);

    const two = startPlatform(second, await freePort(), pgPort);
    expect(await two.exited).toBe(1);
    expect(two.output()).toContain(`Port ${pgPort} answers with the embedded PostgreSQL of another data folder`);
    expect(two.output()).toContain('EMBEDDED_PG_PORT=');
    expect(two.output()).not.toContain('    at '); // the operator's message, not a stack trace
    expect(existsSync(join(second, 'pg', 'PG_VERSION'))).toBe(false);

    const foreignTool = spawnProcess('src/cli/events.ts', ['verify'], { DATA_DIR: second, EMBEDDED_PG_PORT: String(pgPort) });
    expect(await foreignTool.exited).toBe(2);
    expect(foreignTool.output()).toContain(`Port ${pgPort} answers with the embedded PostgreSQL of another data folder`);

    const ownTool = spawnProcess('src/cli/events.ts', ['verify'], { DATA_DIR: first, EMBEDDED_PG_PORT: String(pgPort) });
    expect(await ownTool.exited).toBe(0);
    expect(ownTool.output()).toContain('Event log intact');

    const after = await health(one.url);
    expect(after.status).toBe(200);
    expect(after.body.data.eventStore.position).toBe(position);
    one.child.kill('SIGTERM');
    expect(await one.exited).toBe(0);
  }, 180_000);

  it('should refuse a port another program holds, naming it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'credit-busy-'));
    // Its connections are destroyed at the end: the platform's probe's stayed open here after the platform
    // had exited, and kept jest's worker from exiting ("A worker process has failed to exit gracefully").
    const connections = new Set<Socket>();
    const busy: Server = createServer((socket) => {
      connections.add(socket);
      socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
    });
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const pgPort = (busy.address() as AddressInfo).port;
    try {
      const platform = startPlatform(dataDir, await freePort(), pgPort);
      expect(await platform.exited).toBe(1);
      expect(platform.output()).toContain(`Port ${pgPort} is in use by another program`);
      expect(platform.output()).toContain('EMBEDDED_PG_PORT=');
    } finally {
      for (const socket of connections) socket.destroy();
      busy.close();
    }
  }, 120_000);

  it('should stop a platform whose embedded server goes away under it instead of answering 500', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'credit-shared-'));
    const pgPort = await freePort();
    const owner = startPlatform(dataDir, await freePort(), pgPort);
    await owner.ready;
    // A second platform of the same data folder uses the running server without owning it.
    const guest = startPlatform(dataDir, await freePort(), pgPort);
    await guest.ready;
    expect(guest.output()).toContain(`using the embedded PostgreSQL of ${join(dataDir, 'pg')}`);
    expect((await health(guest.url)).status).toBe(200);

    owner.child.kill('SIGTERM');
    expect(await owner.exited).toBe(0);
    expect(await guest.exited).toBe(1);
    expect(guest.output()).toContain('The embedded PostgreSQL went away');
    await expect(fetch(`${guest.url}/api/health`)).rejects.toThrow();
  }, 180_000);
});

describe('A platform process that dies', () => {
  it('should log a stray rejection and serve on, and exit 1 on an uncaught exception with PostgreSQL stopped', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'credit-faults-'));
    const platform = startPlatform(dataDir, await freePort(), await freePort(), [join(__dirname, 'fixtures/processFaults.ts')]);
    await platform.ready;
    const postgres = postmasterPid(dataDir);

    platform.child.kill('SIGUSR2');
    await until(() => platform.output().includes('stray rejection planted by the test'), 10_000, 'the rejection logged');
    expect(platform.output()).toContain('nothing handled it: logged, the process keeps serving');
    expect((await health(platform.url)).status).toBe(200);

    platform.child.kill('SIGUSR2');
    expect(await platform.exited).toBe(1);
    expect(platform.output()).toContain('uncaught exception planted by the test');
    expect(isAlive(postgres)).toBe(false);
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 180_000);

  it('should leave no PostgreSQL running after kill -9, and the next start on the same folder and port comes up with its data, even over an orphaned server', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'credit-killed-'));
    const [port, pgPort] = [await freePort(), await freePort()];

    // Round 1: kill -9 the platform; its watchdog stops the server it leaves behind.
    const first = startPlatform(dataDir, port, pgPort);
    await first.ready;
    const position = await appendOne(pgPort, 1);
    const firstPostgres = postmasterPid(dataDir);
    first.child.kill('SIGKILL');
    const stoppedInMs = await until(() => !isAlive(firstPostgres), 20_000, 'the orphaned server stopped by the watchdog');
    process.stdout.write(`watchdog: the embedded server stopped ${stoppedInMs} ms after kill -9 of its platform\n`);

    // Round 2: the next start comes up with the data; then kill -9 the platform and its watchdog too,
    // as an OOM kill of the whole group would leave it: the server runs on, orphaned.
    const second = startPlatform(dataDir, port, pgPort);
    await second.ready;
    expect((await health(second.url)).body.data.eventStore.position).toBe(position);
    const secondPosition = await appendOne(pgPort, 2);
    const { pid, watchdogPid, postmasterPid: orphan } = ownerOf(dataDir);
    expect(pid).toBe(second.child.pid);
    process.kill(watchdogPid, 'SIGKILL');
    second.child.kill('SIGKILL');
    await second.exited;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(isAlive(orphan)).toBe(true);

    // Round 3: the next start stops the orphan, starts its own server and has every event.
    const startedAt = Date.now();
    const third = startPlatform(dataDir, port, pgPort);
    await third.ready;
    process.stdout.write(`recovery: up ${Date.now() - startedAt} ms after start over an orphaned server\n`);
    expect(third.output()).toContain('was left running by a process that is gone');
    expect(isAlive(orphan)).toBe(false);
    expect(ownerOf(dataDir).pid).toBe(third.child.pid);
    expect((await health(third.url)).body.data.eventStore.position).toBe(secondPosition);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 240_000);

  it("should shut down in order when npm start's tsx wrapper is killed -9 rather than run on orphaned", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'credit-wrapper-'));
    const port = await freePort();
    const wrapper = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        WEB_DIST_DIR: EMPTY_WEB,
        DATA_DIR: dataDir,
        PORT: String(port),
        EMBEDDED_PG_PORT: String(await freePort()),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const wrapperExited = new Promise((resolve) => wrapper.on('exit', resolve));
    let output = '';
    wrapper.stdout.on('data', (chunk) => (output += chunk));
    wrapper.stderr.on('data', (chunk) => (output += chunk));
    await until(() => output.includes('is running at'), 90_000, 'the platform started under tsx');
    const { pid: platform, postmasterPid: postgres } = ownerOf(dataDir);
    expect(platform).not.toBe(wrapper.pid);
    wrapper.kill('SIGKILL');
    await wrapperExited;
    const goneInMs = await until(() => !isAlive(platform) && !isAlive(postgres), 30_000, 'the platform and its server stopped');
    process.stdout.write(`tsx wrapper: the platform and its server stopped ${goneInMs} ms after kill -9 of the wrapper\n`);
    expect(existsSync(join(dataDir, 'embedded-postgres.owner'))).toBe(false);
  }, 180_000);
});
