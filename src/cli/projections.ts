import knexFactory from 'knex';
import { domainCatalogue } from '@credit/events';
import { allProjections, ProjectionRunner, resetProjection, waitForCheckpoints } from '@credit/projectors';
import { readConfig } from '../platform/config';
import { openDatabase } from '../platform/database';
import { createLogger } from '../platform/logger';
import { migrateAll, openEventStore } from '../platform/platform';
import { runCli } from './runCli';

/**
 * `npm run projections -- rebuild <name>|--all`: empties the projection's tables, resets its
 * checkpoint and replays the log. If the platform is running, its runner does the replay; else this
 * process does. Either way the command returns once the projection has caught up with the log.
 */
async function main(argv: string[]): Promise<number> {
  const [command, target] = argv;
  const names = allProjections(null as never).map((projection) => projection.name);
  if (command === 'list') {
    for (const name of names) process.stdout.write(`${name}\n`);
    return 0;
  }
  if (command !== 'rebuild' || !target) {
    process.stderr.write('Usage: npm run projections -- rebuild <name>|--all   (or: list)\n');
    return 2;
  }
  if (target !== '--all' && !names.includes(target)) {
    process.stderr.write(`No projection named "${target}". Known: ${names.join(', ')}\n`);
    return 2;
  }
  const config = readConfig();
  const database = await openDatabase(config);
  const knex = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 4 } });
  const store = openEventStore(config, database.url, domainCatalogue());
  const projections = allProjections(store);
  const chosen = target === '--all' ? projections : projections.filter((projection) => projection.name === target);
  const runner = new ProjectionRunner({
    knex,
    store,
    connectionString: database.url,
    projections: chosen,
    logger: createLogger('warn'),
    standbyRetryMs: 500,
  });
  try {
    await migrateAll(knex, projections);
    const head = (await store.head()).position;
    for (const projection of chosen) await resetProjection(knex, projection);
    await runner.start();
    const started = Date.now();
    await waitForCheckpoints(
      knex,
      chosen.map((projection) => projection.name),
      head,
      30 * 60_000,
    );
    process.stdout.write(
      `Rebuilt ${chosen.map((p) => p.name).join(', ')} up to position ${head} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
    return 0;
  } finally {
    await runner.stop();
    await store.close();
    await knex.destroy();
    await database.stop();
  }
}

runCli(main);
