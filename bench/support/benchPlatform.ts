import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { generateRows, starterModel } from '@credit/scoring';
import { benchDatabase } from './benchDatabase';

const ADMIN = { email: 'bench-admin@platform.test', password: 'Bench-Admin-1!' };

export type BenchCall = (path: string, init?: RequestInit, token?: string) => Promise<{ status: number; body: any; headers: Headers }>;

export type BenchPlatform = {
  server: ChildProcess;
  /** Where it listens, e.g. http://127.0.0.1:41234 (the web app at /, the API under /api). */
  url: string;
  database: Awaited<ReturnType<typeof benchDatabase>>;
  call: BenchCall;
  /** An approved institution's session token. */
  institutionToken: string;
  stop: () => Promise<void>;
};

/** A platform in its own process (as `npm start` runs it) on a throwaway database, with one approved institution signed in. */
export async function startBenchPlatform(): Promise<BenchPlatform> {
  const database = await benchDatabase();
  const port = await freePort();
  const server = spawn(
    process.execPath,
    [
      // As `npm start` runs it (package.json): a young generation large enough for an export's short-lived rows.
      '--max-semi-space-size=64',
      ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
      '--import',
      'tsx',
      join(__dirname, '../../src/main.ts'),
    ],
    {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await database.stop();
  };
  try {
    await new Promise<void>((resolve, reject) => {
      server.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('is running at') && resolve());
      server.on('exit', () => reject(new Error('the platform exited before it was ready')));
    });
    const base = `http://127.0.0.1:${port}/api`;
    const call: BenchCall = async (path, init = {}, token) => {
      const response = await fetch(`${base}${path}`, {
        ...init,
        headers: {
          ...(init.body && typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // a CSV export, say
      }
      return { status: response.status, body, headers: response.headers };
    };
    const admin = (await call('/admin/login', { method: 'POST', body: JSON.stringify(ADMIN) })).body.token;
    const institution = { name: 'Bench Bank', email: 'bench@bank.test', password: 'Bench-Bank-1!' };
    const registered = await call('/institution/create', { method: 'POST', body: JSON.stringify(institution) });
    await call(`/admin/institutions/${registered.body.data.id}/approve`, { method: 'POST' }, admin);
    const institutionToken = (await call('/institution/login', { method: 'POST', body: JSON.stringify(institution) })).body.token;
    return { server, url: `http://127.0.0.1:${port}`, database, call, institutionToken, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A session token of the platform's administrator. */
export async function adminToken(platform: BenchPlatform): Promise<string> {
  return (await platform.call('/admin/login', { method: 'POST', body: JSON.stringify(ADMIN) })).body.token as string;
}

/** Uploads a CSV and waits until its batch has left `processing`. */
export async function uploadAndWait(platform: BenchPlatform, csv: string, name: string) {
  const form = new FormData();
  form.append('batchName', name);
  form.append('csvFile', new Blob([csv]), 'bench.csv');
  const started = performance.now();
  const uploaded = await platform.call('/csv/upload', { method: 'POST', body: form }, platform.institutionToken);
  if (uploaded.status !== 201) throw new Error(`upload failed: ${uploaded.status} ${JSON.stringify(uploaded.body).slice(0, 300)}`);
  const accepted = performance.now();
  const batchId = uploaded.body.data.batch.id as number;
  let batch;
  for (;;) {
    batch = (await platform.call(`/csv/batch/${batchId}`, {}, platform.institutionToken)).body.data;
    if (batch && batch.status !== 'processing') break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { batchId, batch, started, accepted, completed: performance.now() };
}

/**
 * The starter model's columns in their plainest spelling (plain decimals, 1/0 booleans, name and
 * reference as identity), so 100 000 records fit under the 10 MB upload limit.
 */
export function leanRows(count: number, seed = 2026): { headers: string[]; rows: string[][] } {
  const generated = generateRows(starterModel(), count, seed, { missingRate: 0.02, invalidRate: 0 });
  const kept = generated.headers.flatMap((header, index) => (header === 'phoneNumber' || header === 'email' ? [] : [index]));
  const plain = (cell: string) => {
    if (/^-?\d[\d\s\u00a0\u202f]*([.,]\d+)?$/.test(cell)) return String(Number(cell.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.')));
    const word = cell.toLowerCase();
    if (['true', 'vrai', 'oui', 'yes'].includes(word)) return '1';
    if (['false', 'faux', 'non', 'no'].includes(word)) return '0';
    return cell;
  };
  return {
    headers: kept.map((index) => generated.headers[index]),
    rows: generated.rows.map((row, number) =>
      kept.map((index) => (generated.headers[index] === 'reference_number' ? `C${number}` : plain(row[index]))),
    ),
  };
}

export const csvText = (headers: readonly string[], rows: readonly (readonly string[])[]) =>
  [headers, ...rows].map((row) => row.join(',')).join('\n') + '\n';

/** The embedded server's processes: the postmaster (first line of postmaster.pid) and its children. */
export function postgresPids(dataDir: string | null): number[] {
  if (!dataDir) return [];
  try {
    const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === postmaster;
        } catch {
          return false;
        }
      })
      .map(Number);
    return [postmaster, ...children];
  } catch {
    return [];
  }
}

/** User plus system CPU seconds of these processes so far (clock ticks of 1/100 s). */
export function cpuSeconds(pids: number[]): number {
  return pids.reduce((sum, pid) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return sum + (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return sum;
    }
  }, 0);
}

export function highWaterKb(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
