import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/platform/embeddedPostgres';

declare global {
  var __TEST_POSTGRES__: EmbeddedDatabase | undefined;
}

/** One embedded PostgreSQL server for the whole run; each test file makes its own database on it. */
export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_ADMIN_URL) return;
  const dataDir = await mkdtemp(join(tmpdir(), 'credit-test-'));
  const port = await freePort();
  const database = await startEmbeddedPostgres({ dataDir, port, database: 'postgres', persistent: false });
  globalThis.__TEST_POSTGRES__ = database;
  process.env.TEST_DATABASE_ADMIN_URL = database.url;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
