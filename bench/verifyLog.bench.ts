import knexFactory from 'knex';
import { Client } from 'pg';
import { eventStoreMigrations, verifyChain } from '@credit/events';
import { runMigrations } from '../src/platform/migrate';
import { benchDatabase, rate } from './support/benchDatabase';
import { cpuSeconds, postgresPids } from './support/benchPlatform';
import { fillSyntheticLog } from './support/syntheticLog';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const RUNS = 3;
const BOUND_SECONDS = 10;

/**
 * CPU seconds the PostgreSQL backends started for `work` spend: sampled every 50 ms, since a backend
 * exits with its connection (the last 50 ms of each may be missed).
 */
async function postgresCpuDuring<T>(dataDir: string | null, work: () => Promise<T>): Promise<{ result: T; seconds: number | null }> {
  if (!dataDir) return { result: await work(), seconds: null };
  const baseline = new Map(postgresPids(dataDir).map((pid) => [pid, cpuSeconds([pid])]));
  const last = new Map<number, number>();
  // Looks for the work's backends every 250 ms, and reads their own counters every 50 ms (scanning /proc costs).
  let samples = 0;
  const sample = () => {
    if (samples++ % 5 === 0) for (const pid of postgresPids(dataDir)) if (!baseline.has(pid) && !last.has(pid)) last.set(pid, 0);
    for (const pid of last.keys()) {
      const cpu = cpuSeconds([pid]);
      if (cpu > 0) last.set(pid, cpu);
    }
  };
  const sampler = setInterval(sample, 50);
  try {
    const result = await work();
    sample();
    let seconds = 0;
    for (const cpu of last.values()) seconds += cpu;
    return { result, seconds };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Verify now over a log of EVENTS events (a million unless BENCH_EVENTS says otherwise): the log is
 * filled by one COPY of events chained exactly as the store chains them, then the whole chain is
 * recomputed RUNS times, as `npm run events -- verify` and the compliance console's Verify now do;
 * then one event is tampered with and the verification must name it.
 */
async function main() {
  const database = await benchDatabase();
  const knex = knexFactory({ client: 'pg', connection: database.url });
  await runMigrations(knex, 'events', eventStoreMigrations);
  await knex.destroy();
  try {
    let started = performance.now();
    const head = await fillSyntheticLog(database.url, EVENTS);
    const fillSeconds = (performance.now() - started) / 1000;

    const seconds: number[] = [];
    let cpu: { node: number; postgres: number | null } = { node: 0, postgres: null };
    for (let run = 0; run < RUNS; run++) {
      const node = process.cpuUsage();
      started = performance.now();
      const { result: verdict, seconds: postgres } = await postgresCpuDuring(database.dataDir, () => verifyChain(database.url));
      seconds.push((performance.now() - started) / 1000);
      const used = process.cpuUsage(node);
      cpu = { node: (used.user + used.system) / 1e6, postgres };
      if (!verdict.ok || verdict.hash !== head.hash)
        throw new Error(`verification disagrees with the log it was given: ${JSON.stringify(verdict)}`);
    }

    const target = Math.ceil(EVENTS / 2);
    const client = new Client({ connectionString: database.url });
    await client.connect();
    await client.query(`UPDATE events SET data = '{"tampered":true}' WHERE position = $1`, [target]);
    await client.end();
    started = performance.now();
    const tampered = await verifyChain(database.url);
    const tamperedSeconds = (performance.now() - started) / 1000;
    if (tampered.ok || tampered.brokenAt !== target) throw new Error(`tampering at ${target} not reported: ${JSON.stringify(tampered)}`);

    const sorted = [...seconds].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    const line = (label: string, value: string) => console.log(`  ${label.padEnd(44)}${value}`);
    console.log(`Log verification benchmark (${EVENTS.toLocaleString('en-US')} events, PostgreSQL adapter, embedded server, this machine)`);
    line(
      'log filled (one COPY, chained in Node):',
      `${fillSeconds.toFixed(1)} s, ${(head.jsonBytes / 1024 / 1024).toFixed(0)} MiB of JSON`,
    );
    line(`verification, ${RUNS} runs:`, seconds.map((value) => `${value.toFixed(2)} s`).join(', '));
    line('verification (median):', `${median.toFixed(2)} s (${rate(EVENTS, median * 1000)} events/s)`);
    line(
      'CPU of the last run, Node / PostgreSQL:',
      `${cpu.node.toFixed(2)} s / ${cpu.postgres === null ? 'n/a (external server)' : `${cpu.postgres.toFixed(2)} s`}`,
    );
    line(`tampered at ${target.toLocaleString('en-US')}, reported there in:`, `${tamperedSeconds.toFixed(2)} s`);
    line(`under ${BOUND_SECONDS} s for ${EVENTS.toLocaleString('en-US')} events:`, median < BOUND_SECONDS ? 'yes' : 'NO');
  } finally {
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
