import knexFactory from 'knex';
import { eventStoreMigrations, PostgresEventStore } from '@credit/events';
import { contractCatalogue, increment } from '@credit/events/src/contract/contractEvents';
import { runMigrations } from '../src/platform/migrate';
import { benchDatabase, rate } from './support/benchDatabase';

const SINGLE = 3000;
const WRITERS = 8;
const PER_WRITER = 750;
const CATCH_UP = 100_000;

async function main() {
  const database = await benchDatabase();
  const knex = knexFactory({ client: 'pg', connection: database.url });
  await runMigrations(knex, 'events', eventStoreMigrations);
  await knex.destroy();
  const store = new PostgresEventStore({ connectionString: database.url, catalogue: contractCatalogue(), poolSize: 12 });

  let started = performance.now();
  for (let i = 0; i < SINGLE; i++) await store.append('single', [increment(0, i)]);
  const single = performance.now() - started;

  started = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      for (let i = 0; i < PER_WRITER; i++) await store.append(`writer-${writer}`, [increment(writer, i)]);
    }),
  );
  const concurrent = performance.now() - started;

  started = performance.now();
  let filled = (await store.head()).position;
  const batchStart = filled;
  while (filled < CATCH_UP) {
    const size = Math.min(500, CATCH_UP - filled);
    await store.append(
      `bulk-${filled}`,
      Array.from({ length: size }, (_, i) => increment(9, filled + i)),
    );
    filled += size;
  }
  const batched = performance.now() - started;

  started = performance.now();
  let seen = 0;
  await new Promise<void>((resolve) => {
    const subscription = store.subscribe({ after: 0, batchSize: 1000 }, (page) => {
      seen += page.events.length;
      if (seen >= CATCH_UP) void subscription.stop().then(resolve);
    });
  });
  const catchUp = performance.now() - started;

  console.log('Event store benchmark (PostgreSQL adapter, embedded server, this machine)');
  console.log(`  single writer, 1 event per append:        ${rate(SINGLE, single)} appends/s  (${SINGLE} appends)`);
  console.log(
    `  ${WRITERS} concurrent writers, 1 event/append:   ${rate(WRITERS * PER_WRITER, concurrent)} appends/s  (${WRITERS * PER_WRITER} appends)`,
  );
  console.log(`  one writer, 500 events per append:         ${rate(filled - batchStart, batched)} events/s`);
  console.log(
    `  subscriber catch-up over ${CATCH_UP.toLocaleString('en-US')} events:  ${rate(seen, catchUp)} events/s  (${(catchUp / 1000).toFixed(2)} s)`,
  );
  await store.close();
  await database.stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
