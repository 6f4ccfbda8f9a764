import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../../src/platform/embeddedPostgres';

/** A throwaway embedded PostgreSQL for one benchmark run (or DATABASE_URL's server, in a fresh database). */
export async function benchDatabase(): Promise<{ url: string; dataDir: string | null; stop: () => Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const name = `bench_${Date.now()}`;
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    return { url: url.toString(), dataDir: null, stop: async () => undefined };
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'credit-bench-'));
  const port = 45000 + Math.floor(Math.random() * 10000);
  return { ...(await startEmbeddedPostgres({ dataDir, port, database: 'bench', persistent: false })), dataDir: join(dataDir, 'pg') };
}

export const rate = (count: number, ms: number) => Math.round((count / ms) * 1000).toLocaleString('en-US');
