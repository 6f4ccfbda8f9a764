import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { TEST_ADMIN } from './testPlatform';

const ROOT = join(__dirname, '../..');

/** One platform process (command API, query API or projectors) started by a test, with what it printed. */
export type Started = { name: string; child: ChildProcess; url: string; output: string[] };

export type Call = { method?: string; json?: unknown; token?: string; body?: FormData; headers?: Record<string, string> };
export type Answer = { status: number; body: any; headers: Headers; ms: number };

/** A TCP port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Resolves once the process answers /api/health; fails with its output if it exits or stays silent. */
export async function waitForHealth(started: Started, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`${started.name} exited: ${started.output.join('')}`);
    try {
      if ((await fetch(`${started.url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${started.name} did not become healthy: ${started.output.join('')}`);
}

/**
 * Platform processes on one database, as `npm run start:command-api`, `start:query-api` and
 * `start:projectors` run them. `stopAll` kills each and waits for its exit, so its connections are
 * closed before the test drops the database.
 */
export function platformProcesses(databaseUrl: () => string) {
  const processes: Started[] = [];

  const start = async (name: string, script: string, env: Record<string, string> = {}): Promise<Started> => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, script)], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl(),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: TEST_ADMIN.email,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        PGAPPNAME: name,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started: Started = { name, child, url: `http://127.0.0.1:${port}`, output: [] };
    child.stdout?.on('data', (chunk) => started.output.push(String(chunk)));
    child.stderr?.on('data', (chunk) => started.output.push(String(chunk)));
    processes.push(started);
    return started;
  };

  const stopAll = () =>
    Promise.all(
      processes.map(async ({ child }) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }),
    );

  return { processes, start, stopAll };
}

/** One API call to a started process, timed; the body is parsed as JSON. */
export async function call(on: Started, path: string, init: Call = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}), ...init.headers };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  const response = await fetch(`${on.url}/api${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
  const body = (await response.json()) as any;
  return { status: response.status, body, headers: response.headers, ms: performance.now() - started };
}
