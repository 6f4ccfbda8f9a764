import { readFileSync } from 'node:fs';
import { readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from 'pg';
import type { Config } from './config';
import type * as embedded from './embeddedPostgres';

type EmbeddedModule = typeof embedded;

export type Database = {
  url: string;
  embedded: boolean;
  /** This process started the embedded server (and stops it): nothing else was using the database when it opened. */
  owner: boolean;
  stop: () => Promise<void>;
  /**
   * Called once if the embedded server this process uses goes away while it runs (another process
   * stopped it, it crashed); never after `stop()`. Not watched for an external DATABASE_URL, whose
   * server may restart and be reconnected to by the pools.
   */
  onLost: (listener: (reason: string) => void) => void;
};

/** Opening the database was refused on purpose (another data folder's server, a port in use): the message says what to do. */
export class DatabaseRefused extends Error {
  override name = 'DatabaseRefused';
}

export const EMBEDDED_DATABASE = 'credit';
const CREDENTIALS = 'credit:credit';
/** Who started the embedded server of a data folder: `$DATA_DIR/embedded-postgres.owner`. */
const OWNER_FILE = 'embedded-postgres.owner';

type Owner = { pid: number; postmasterPid: number; watchdogPid?: number; port: number };

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL of DATA_DIR, and only that one:
 * - nothing answers on EMBEDDED_PG_PORT: start the server on `$DATA_DIR/pg` (after stopping this
 *   folder's server if a dead platform left it running on another port);
 * - this folder's server answers, started by a process that is still running (a platform, when a
 *   command-line tool or a second platform on the same folder opens it): use it, never stop it;
 * - this folder's server answers, left running by a process that died (kill -9, out of memory) and
 *   `recoverOrphan` (the platform): stop it and start it again, so this process owns it;
 * - another folder's server, or any other program, answers: refuse (DatabaseRefused) naming the port
 *   and EMBEDDED_PG_PORT.
 */
export async function openDatabase(
  config: Config,
  log: (line: string) => void = () => undefined,
  options: { recoverOrphan?: boolean; notice?: (line: string) => void } = {},
): Promise<Database> {
  const notice = options.notice ?? log;
  if (config.databaseUrl)
    return { url: config.databaseUrl, embedded: false, owner: false, stop: async () => undefined, onLost: () => undefined };
  const { readPostmasterPid, postgresDir } = require('./embeddedPostgres') as EmbeddedModule;
  const port = config.embeddedPostgresPort;
  const ours = postgresDir(config.dataDir);
  const url = `postgres://${CREDENTIALS}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;

  const answer = await probe(port);
  if (answer.kind === 'postgres') {
    if (!(await samePath(answer.dataDirectory, ours))) {
      throw new DatabaseRefused(
        `Port ${port} answers with the embedded PostgreSQL of another data folder (${answer.dataDirectory}), not this one's (${ours}): ` +
          `a platform uses only its own data. Stop the platform that uses it, or give this one a free port of its own: EMBEDDED_PG_PORT=<port> (e.g. EMBEDDED_PG_PORT=${port + 1}).`,
      );
    }
    const owner = await readOwner(config.dataDir);
    if (isRunning(owner, answer.pid) || !options.recoverOrphan) {
      notice(`using the embedded PostgreSQL of ${ours} on port ${port}, started by process ${owner?.pid ?? 'unknown'}`);
      return guest(url);
    }
    notice(
      `the embedded PostgreSQL of ${ours} (pid ${answer.pid}) was left running by a process that is gone: stopping it to start it again`,
    );
    await stopOrphan(answer.pid, port);
  } else if (answer.kind === 'other') {
    throw new DatabaseRefused(
      `Port ${port} is in use by another program (${answer.reason}), not by the embedded PostgreSQL of ${ours}. ` +
        `Stop it, or give this platform a free port for its PostgreSQL: EMBEDDED_PG_PORT=<port> (e.g. EMBEDDED_PG_PORT=${port + 1}).`,
    );
  } else {
    // Nothing on the port. This folder's server may still run on another port (EMBEDDED_PG_PORT changed).
    const lock = await readPostmasterPid(config.dataDir);
    if (lock && lock.port !== port && isAlive(lock.pid) && isPostgres(lock.pid)) {
      const owner = await readOwner(config.dataDir);
      if (isRunning(owner, lock.pid) || !options.recoverOrphan) {
        throw new DatabaseRefused(
          `The embedded PostgreSQL of ${ours} already runs on port ${lock.port}, not on EMBEDDED_PG_PORT=${port}` +
            `${owner ? ` (started by process ${owner.pid})` : ''}: stop that platform, or start with EMBEDDED_PG_PORT=${lock.port}.`,
        );
      }
      notice(`the embedded PostgreSQL of ${ours} (pid ${lock.pid}) was left running on port ${lock.port}: stopping it`);
      await stopOrphan(lock.pid, lock.port);
    } else if (lock && isAlive(lock.pid) && isPostgres(lock.pid) === false) {
      // The pid was reused by an unrelated process: PostgreSQL would refuse to start ("lock file already exists").
      await rm(join(ours, 'postmaster.pid'), { force: true });
    }
  }

  // Loaded only when needed: embedded-postgres is an ES module that jest's test runtime cannot load.
  const { startEmbeddedPostgres } = require('./embeddedPostgres') as EmbeddedModule;
  let server: embedded.EmbeddedDatabase;
  try {
    server = await startEmbeddedPostgres({ dataDir: config.dataDir, port, database: EMBEDDED_DATABASE, log });
  } catch (error) {
    // Another process of this folder started it a moment before us: use it. Anything else: say so.
    const again = await probe(port);
    if (again.kind === 'postgres' && (await samePath(again.dataDirectory, ours))) return guest(url);
    if (again.kind !== 'none') return openDatabase(config, log, { ...options, recoverOrphan: false });
    throw error;
  }
  const ownerFile = join(config.dataDir, OWNER_FILE);
  await writeFile(
    ownerFile,
    JSON.stringify({ pid: process.pid, postmasterPid: server.pid, watchdogPid: server.watchdogPid, port } satisfies Partial<Owner>),
  );
  const watch = watchConnection(url);
  server.onExit((code, signal) => watch.lose(`the embedded PostgreSQL (pid ${server.pid}) exited (${signal ?? `code ${code}`})`));
  return {
    url: server.url,
    embedded: true,
    owner: true,
    onLost: watch.onLost,
    stop: async () => {
      await watch.stop();
      await server.stop();
      await rm(ownerFile, { force: true });
    },
  };
}

function guest(url: string): Database {
  const watch = watchConnection(url);
  return { url, embedded: true, owner: false, onLost: watch.onLost, stop: watch.stop };
}

type Probe = { kind: 'none' } | { kind: 'postgres'; dataDirectory: string; pid: number } | { kind: 'other'; reason: string };

/** Who answers on 127.0.0.1:port: nobody, a PostgreSQL we can sign in to (its data folder and postmaster pid), or something else. */
async function probe(port: number): Promise<Probe> {
  for (let attempt = 0; ; attempt++) {
    const client = new Client({ connectionString: `postgres://${CREDENTIALS}@127.0.0.1:${port}/postgres`, connectionTimeoutMillis: 3000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const { rows } = await client.query<{ dir: string }>(`SELECT current_setting('data_directory') AS dir`);
      const postmaster = await postmasterPidOf(rows[0].dir);
      return { kind: 'postgres', dataDirectory: rows[0].dir, pid: postmaster };
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'ECONNREFUSED') return { kind: 'none' };
      // Starting up or shutting down: ask again for a few seconds.
      if ((code === '57P03' || code === '57P01') && attempt < 20) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        continue;
      }
      return { kind: 'other', reason: error instanceof Error && error.message ? error.message : String(code ?? error) };
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

/** The postmaster's pid from the postmaster.pid of the folder the server reports (readable when it runs as us or we are root). */
async function postmasterPidOf(dataDirectory: string): Promise<number> {
  const text = await readFile(join(dataDirectory, 'postmaster.pid'), 'utf8').catch(() => '');
  return Number(text.split('\n')[0]) || 0;
}

async function samePath(a: string, b: string): Promise<boolean> {
  const canonical = (path: string) => realpath(path).catch(() => path);
  return (await canonical(a)) === (await canonical(b));
}

async function readOwner(dataDir: string): Promise<Owner | null> {
  const text = await readFile(join(dataDir, OWNER_FILE), 'utf8').catch(() => null);
  if (!text) return null;
  try {
    const owner = JSON.parse(text) as Owner;
    return Number.isInteger(owner.pid) ? owner : null;
  } catch {
    return null;
  }
}

/**
 * The server was started by a process that is still running: the owner file names a live process,
 * and (where /proc tells) that process is the postmaster's parent, so a reused pid does not count.
 */
function isRunning(owner: Owner | null, postmasterPid: number): boolean {
  if (!owner || !(owner.pid === process.pid || isAlive(owner.pid))) return false;
  const parent = parentOf(postmasterPid);
  return parent === null || parent === owner.pid;
}

function isAlive(pid: number): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process is a PostgreSQL server (null where /proc cannot tell). */
function isPostgres(pid: number): boolean | null {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return null;
  }
}

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** Fast shutdown (SIGINT), then immediate (SIGQUIT) if it lingers; never SIGKILL, which would leave its shared memory behind. */
async function stopOrphan(pid: number, port: number): Promise<void> {
  const gone = async (ms: number) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (!isAlive(pid)) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return !isAlive(pid);
  };
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // already gone
    }
  };
  if (!pid)
    throw new DatabaseRefused(`Port ${port} answers with this data folder's PostgreSQL, whose process could not be found to stop it.`);
  signal('SIGINT');
  if (await gone(15_000)) return;
  signal('SIGQUIT');
  if (await gone(10_000)) return;
  throw new DatabaseRefused(`The embedded PostgreSQL left running on port ${port} (pid ${pid}) did not stop: stop it, then start again.`);
}

/**
 * One idle connection held open: PostgreSQL ends it when the server stops (whoever stops it) and the
 * socket closes if it dies, so losing the server is noticed at once, without polling.
 */
function watchConnection(url: string) {
  const listeners: ((reason: string) => void)[] = [];
  let lost: string | null = null;
  let stopped = false;
  const lose = (reason: string) => {
    if (stopped || lost) return;
    lost = reason;
    for (const listener of listeners) listener(reason);
  };
  const client = new Client({ connectionString: url, keepAlive: true, application_name: 'credit-platform-watch' });
  client.on('error', (error) => lose(`the connection to the embedded PostgreSQL was lost: ${error.message}`));
  client.on('end', () => lose('the embedded PostgreSQL closed the connection'));
  const connected = client.connect().catch((error: Error) => lose(`could not connect to the embedded PostgreSQL: ${error.message}`));
  return {
    lose,
    onLost: (listener: (reason: string) => void) => {
      listeners.push(listener);
      if (lost) listener(lost);
    },
    stop: async () => {
      stopped = true;
      await connected;
      await client.end().catch(() => undefined);
    },
  };
}
