import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/platform/embeddedPostgres';
import { createMigratedTemplate } from './support/migratedTemplate';

declare global {
  var __TEST_POSTGRES__: EmbeddedDatabase | undefined;
}

/**
 * The run's server keeps nothing across a crash of the machine or of PostgreSQL, which no test makes on
 * it: no flush to disk at each commit or checkpoint, no full-page images in the log. A test that kills
 * a platform process leaves this server running, and what was committed stays visible to every session.
 * What a test asserts about surviving a killed PostgreSQL runs on servers it starts as `npm start`
 * does (processSurvival).
 */
const TEST_SERVER_SETTINGS = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };

/**
 * One embedded PostgreSQL server for the whole run; each test file makes its own database on it, a
 * test platform's as a copy of one migrated here once (TEST_DATABASE_MIGRATED).
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_ADMIN_URL) return;
  const dataDir = await mkdtemp(join(tmpdir(), 'credit-test-'));
  const port = await freePort();
  const database = await startEmbeddedPostgres({ dataDir, port, database: 'postgres', persistent: false, settings: TEST_SERVER_SETTINGS });
  globalThis.__TEST_POSTGRES__ = database;
  process.env.TEST_DATABASE_ADMIN_URL = database.url;
  process.env.TEST_DATABASE_MIGRATED = await createMigratedTemplate();
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
