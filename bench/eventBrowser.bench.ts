import { randomUUID } from 'node:crypto';
import knexFactory from 'knex';
import { Pool } from 'pg';
import { browseEvents, domainCatalogue, eventStoreMigrations, PostgresEventStore, type EventBrowserQuery } from '@credit/events';
import { runMigrations } from '../src/platform/migrate';
import { benchDatabase } from './support/benchDatabase';
import { fillSyntheticLog } from './support/syntheticLog';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 300_000);
const RUNS = 5;
const RARE_INSTITUTION = 5_000;
const RARE_ADMIN = '9001';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The event browser's pages over a log of EVENTS events (300 000 unless BENCH_EVENTS says otherwise):
 * the synthetic log of the verification bench (97 institutions' streams, two types), then a few rare
 * events at its head (an institution and an administrator seen nowhere else). Each query is timed
 * RUNS times (median), including the last page of a rare filter, which must prove nothing older
 * matches: without an index on the filter, that page would read the whole log.
 */
async function main() {
  const database = await benchDatabase();
  const knex = knexFactory({ client: 'pg', connection: database.url });
  await runMigrations(knex, 'events', eventStoreMigrations);
  await knex.destroy();
  const pool = new Pool({ connectionString: database.url, max: 2 });
  const store = new PostgresEventStore({ connectionString: database.url, catalogue: domainCatalogue() });
  try {
    let started = performance.now();
    await fillSyntheticLog(database.url, EVENTS);
    console.log(`log of ${EVENTS.toLocaleString('en-US')} events filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    started = performance.now();
    await pool.query(
      'DROP INDEX events_stream_position, events_actor_account_position, events_actor_kind_position, events_institution_position',
    );
    for (const migration of eventStoreMigrations.filter((one) => one.name === '20261127000000_event_browser_indexes')) {
      const migrationKnex = knexFactory({ client: 'pg', connection: database.url });
      await migration.up(migrationKnex);
      await migrationKnex.destroy();
    }
    await pool.query('ANALYZE events');
    console.log(`the browser's four indexes built on it in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const actor = { id: RARE_ADMIN, role: 'admin' as const, name: 'Rare Admin' };
    for (let index = 0; index < 3; index++) {
      await store.append(`institution-${RARE_INSTITUTION}`, [
        {
          id: randomUUID(),
          type: 'InstitutionApproved',
          data: { institutionId: RARE_INSTITUTION },
          metadata: { actor, institutionId: RARE_INSTITUTION, correlationId: `rare-${index}`, occurredAt: new Date().toISOString() },
        },
      ]);
    }
    const head = (await store.head()).position;
    const { rows } = await pool.query<{ recorded_at: string }>('SELECT recorded_at FROM events WHERE position = $1', [
      Math.floor(head / 2),
    ]);
    const middle = new Date(rows[0].recorded_at);

    const cases: [string, Omit<EventBrowserQuery, 'order' | 'limit'> & { order?: 'newest' | 'oldest' }][] = [
      ['newest page', {}],
      ['page deep in the log (after = head/2)', { after: Math.floor(head / 2) }],
      ['oldest first, deep', { order: 'oldest', after: Math.floor(head / 2) }],
      ['one type (a third of the log), deep', { types: ['InstitutionDetailsChanged'], after: Math.floor(head / 2) }],
      ['two types', { types: ['InstitutionDetailsChanged', 'InstitutionApproved'] }],
      ['a stream of 1/97 of the log, deep', { stream: 'institution-5', after: Math.floor(head / 2) }],
      ['an institution (1/97), deep', { institutionId: 5, after: Math.floor(head / 2) }],
      ['an institution as actor (1/97), deep', { actor: { kind: 'institution', id: '5' }, after: Math.floor(head / 2) }],
      ['a rare institution: its whole (last) page', { institutionId: RARE_INSTITUTION }],
      ['a rare administrator: its whole (last) page', { actor: { kind: 'admin', id: RARE_ADMIN } }],
      ['a rare stream: its whole (last) page', { stream: `institution-${RARE_INSTITUTION}` }],
      ['a rare type: its whole (last) page', { types: ['InstitutionApproved'] }],
      ['a time range around the middle', { from: new Date(middle.getTime() - 1), to: middle }],
      ['a rare kind of actor (administrator accounts)', { actor: { kind: 'admin' } }],
      ['an auditor’s acts (none: every administrator event is read)', { actor: { kind: 'admin', role: 'auditor' } }],
    ];
    console.log(`\nevent browser pages of 50 over ${head.toLocaleString('en-US')} events (median of ${RUNS}):`);
    for (const [name, query] of cases) {
      const times: number[] = [];
      let found = 0;
      for (let run = 0; run < RUNS; run++) {
        const start = performance.now();
        const page = await browseEvents(pool, { order: 'newest', limit: 50, ...query });
        times.push(performance.now() - start);
        found = page.events.length;
      }
      console.log(`  ${name.padEnd(52)} ${median(times).toFixed(1).padStart(8)} ms  (${found} events)`);
    }
  } finally {
    await pool.end();
    await store.close();
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
