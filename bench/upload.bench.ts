import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { generateRows, starterModel } from '@credit/scoring';
import { benchDatabase } from './support/benchDatabase';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ADMIN = { email: 'bench-admin@platform.test', password: 'Bench-Admin-1!' };

/**
 * Uploads a generated CSV of ROWS client records through the real HTTP API of a platform running
 * in its own process, waits until the batch is scored, and compares with a plain COPY of the same
 * rows into the same database.
 */
async function main() {
  const database = await benchDatabase();
  const port = await freePort();
  const server = spawn(
    process.execPath,
    [...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), '--import', 'tsx', join(__dirname, '../src/main.ts')],
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
  let peakRssKb = 0;
  const sampler = setInterval(() => (peakRssKb = Math.max(peakRssKb, highWaterKb(server.pid as number))), 100);
  try {
    await new Promise<void>((resolve, reject) => {
      server.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('is running at') && resolve());
      server.on('exit', () => reject(new Error('the platform exited before it was ready')));
    });
    const base = `http://127.0.0.1:${port}/api`;
    const call = async (path: string, init: RequestInit = {}, token?: string) => {
      const response = await fetch(`${base}${path}`, {
        ...init,
        headers: {
          ...(init.body && typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      });
      return { status: response.status, body: (await response.json()) as any };
    };
    const admin = (await call('/admin/login', { method: 'POST', body: JSON.stringify(ADMIN) })).body.token;
    const institution = { name: 'Bench Bank', email: 'bench@bank.test', password: 'Bench-Bank-1!' };
    const registered = await call('/institution/create', { method: 'POST', body: JSON.stringify(institution) });
    await call(`/admin/institutions/${registered.body.data.id}/approve`, { method: 'POST' }, admin);
    const token = (await call('/institution/login', { method: 'POST', body: JSON.stringify(institution) })).body.token;

    const { headers, rows } = leanRows(ROWS);
    const csv = [headers, ...rows].map((row) => row.join(',')).join('\n') + '\n';
    const form = new FormData();
    form.append('batchName', 'Benchmark batch');
    form.append('csvFile', new Blob([csv]), 'bench.csv');

    const cpuBefore = { platform: cpuSeconds([server.pid as number]), database: cpuSeconds(postgresPids(database.dataDir)) };
    const started = performance.now();
    const uploaded = await call('/csv/upload', { method: 'POST', body: form }, token);
    if (uploaded.status !== 201) throw new Error(`upload failed: ${uploaded.status} ${JSON.stringify(uploaded.body).slice(0, 300)}`);
    const accepted = performance.now();
    const batchId = uploaded.body.data.batch.id;
    let batch;
    for (;;) {
      batch = (await call(`/csv/batch/${batchId}`, {}, token)).body.data;
      if (batch && batch.status !== 'processing') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const completed = performance.now();
    const cpu = {
      platform: cpuSeconds([server.pid as number]) - cpuBefore.platform,
      database: cpuSeconds(postgresPids(database.dataDir)) - cpuBefore.database,
    };

    const copySeconds = await copyBaseline(database.url, headers, rows);
    const seconds = (completed - started) / 1000;
    console.log(`Upload benchmark (${ROWS.toLocaleString('en-US')} rows, starter model, one platform process, embedded PostgreSQL)`);
    console.log(`  batch status:                  ${batch.status} (${batch.processed_records} scored, ${batch.failed_records} failed)`);
    console.log(`  file size:                     ${(csv.length / 1024 / 1024).toFixed(1)} MB`);
    console.log(`  request → accepted (events):   ${((accepted - started) / 1000).toFixed(2)} s`);
    console.log(`  request → completed (scored):  ${seconds.toFixed(2)} s`);
    console.log(`  rows per second:               ${Math.round(ROWS / seconds).toLocaleString('en-US')}`);
    console.log(
      `  CPU: platform / PostgreSQL:    ${cpu.platform.toFixed(2)} s / ${database.dataDir ? `${cpu.database.toFixed(2)} s` : 'n/a (external server)'}`,
    );
    console.log(`  server peak RSS:               ${(peakRssKb / 1024).toFixed(0)} MiB`);
    console.log(`  COPY of the same rows:         ${copySeconds.toFixed(2)} s`);
    console.log(`  ratio (upload / COPY):         ${(seconds / copySeconds).toFixed(1)}`);
  } finally {
    clearInterval(sampler);
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await database.stop();
  }
}

/**
 * The starter model's columns in their plainest spelling (plain decimals, 1/0 booleans, name and
 * reference as identity), so 100 000 records fit under the 10 MB upload limit.
 */
function leanRows(count: number): { headers: string[]; rows: string[][] } {
  const generated = generateRows(starterModel(), count, 2026, { missingRate: 0.02, invalidRate: 0 });
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

async function copyBaseline(url: string, headers: readonly string[], rows: readonly (readonly string[])[]): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE TABLE copy_baseline (${headers.map((_, index) => `c${index} text`).join(', ')})`);
  const started = performance.now();
  const escape = (cell: string) => cell.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n');
  await pipeline(
    Readable.from(
      (function* () {
        for (let start = 0; start < rows.length; start += 5000) {
          yield (
            rows
              .slice(start, start + 5000)
              .map((row) => row.map(escape).join('\t'))
              .join('\n') + '\n'
          );
        }
      })(),
    ),
    client.query(copyFrom('COPY copy_baseline FROM STDIN')),
  );
  const seconds = (performance.now() - started) / 1000;
  await client.end();
  return seconds;
}

/** The embedded server's processes: the postmaster (first line of postmaster.pid) and its children. */
function postgresPids(dataDir: string | null): number[] {
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
function cpuSeconds(pids: number[]): number {
  return pids.reduce((sum, pid) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return sum + (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return sum;
    }
  }, 0);
}

function highWaterKb(pid: number): number {
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

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
