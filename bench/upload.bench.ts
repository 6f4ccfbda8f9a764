import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { cpuSeconds, csvText, highWaterKb, leanRows, postgresPids, startBenchPlatform, uploadAndWait } from './support/benchPlatform';
import { measureWriteFloor } from './support/writeFloor';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);

/**
 * Uploads a generated CSV of ROWS client records through the real HTTP API of a platform running
 * in its own process, waits until the batch is scored, and compares with a plain COPY of the same
 * rows into the same database.
 */
async function main() {
  const platform = await startBenchPlatform();
  const { server, database } = platform;
  let peakRssKb = 0;
  const sampler = setInterval(() => (peakRssKb = Math.max(peakRssKb, highWaterKb(server.pid as number))), 100);
  try {
    const { headers, rows } = leanRows(ROWS);
    const csv = csvText(headers, rows);
    const cpuBefore = { platform: cpuSeconds([server.pid as number]), database: cpuSeconds(postgresPids(database.dataDir)) };
    // Another caller's view meanwhile: /api/health every 20 ms, answered by the same event loop.
    let uploading = true;
    const health: number[] = [];
    const poller = (async () => {
      while (uploading) {
        const sent = performance.now();
        await platform.call('/health');
        health.push(performance.now() - sent);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const { batch, started, accepted, completed } = await uploadAndWait(platform, csv, 'Benchmark batch');
    uploading = false;
    await poller;
    health.sort((left, right) => left - right);
    const at = (share: number) => `${health[Math.min(health.length - 1, Math.floor(share * health.length))].toFixed(0)} ms`;
    const cpu = {
      platform: cpuSeconds([server.pid as number]) - cpuBefore.platform,
      database: cpuSeconds(postgresPids(database.dataDir)) - cpuBefore.database,
    };

    const copySeconds = await copyBaseline(database.url, headers, rows);
    const floor = await measureWriteFloor(database.url);
    const seconds = (completed - started) / 1000;
    console.log(`Upload benchmark (${ROWS.toLocaleString('en-US')} rows, starter model, one platform process, embedded PostgreSQL)`);
    console.log(`  batch status:                  ${batch.status} (${batch.processed_records} scored, ${batch.failed_records} failed)`);
    console.log(`  file size:                     ${(csv.length / 1024 / 1024).toFixed(1)} MB`);
    console.log(`  request → accepted (events):   ${((accepted - started) / 1000).toFixed(2)} s`);
    console.log(`  request → completed (scored):  ${seconds.toFixed(2)} s`);
    console.log(`  rows per second:               ${Math.round(ROWS / seconds).toLocaleString('en-US')}`);
    console.log(
      `  CPU: platform / PostgreSQL:    ${cpu.platform.toFixed(2)} s / ${database.dataDir ? `${cpu.database.toFixed(2)} s` : 'n/a (external server)'}`,
    );
    console.log(`  server peak RSS:               ${(peakRssKb / 1024).toFixed(0)} MiB`);
    console.log(`  /api/health meanwhile:         p50 ${at(0.5)}, p95 ${at(0.95)}, slowest ${at(1)} (${health.length} calls)`);
    console.log(`  COPY of the same rows:         ${copySeconds.toFixed(2)} s`);
    console.log(`  ratio (upload / COPY):         ${(seconds / copySeconds).toFixed(1)}`);
    const listed = (figures: Record<string, number>) =>
      `${Object.entries(figures)
        .map(([table, taken]) => `${table} ${taken.toFixed(2)}`)
        .join(', ')} (sum ${sum(figures).toFixed(2)} s)`;
    console.log("  PostgreSQL alone, the upload's rows inserted again (rolled back, one core, no parsing):");
    console.log(`    as written (clients' triggers write references and search rows): ${listed(floor.asWritten)}`);
    console.log(`    each table alone, all its indexes:                                ${listed(floor.alone)}`);
    console.log(`    each table with its key constraints only:                         ${listed(floor.rowsOnly)}`);
    const least = sum(floor.asWritten) / 2;
    console.log(
      `    least elapsed time on two cores with no platform CPU at all:      ${least.toFixed(2)} s, ${(least / copySeconds).toFixed(1)}× COPY ` +
        `(the 2 s target is ${(2 / copySeconds).toFixed(1)}× COPY this hour)`,
    );
  } finally {
    clearInterval(sampler);
    await platform.stop();
  }
}

async function copyBaseline(url: string, headers: readonly string[], rows: readonly (readonly string[])[]): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE TABLE copy_baseline (${headers.map((_, index) => `c${index} text`).join(', ')})`);
  const started = performance.now();
  const escape = (cell: string) => cell.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n');
  await pipeline(
    Readable.from(
      (function* () {
        for (let start = 0; start < rows.length; start += 5000) {
          yield (
            rows
              .slice(start, start + 5000)
              .map((row) => row.map(escape).join('\t'))
              .join('\n') + '\n'
          );
        }
      })(),
    ),
    client.query(copyFrom('COPY copy_baseline FROM STDIN')),
  );
  const seconds = (performance.now() - started) / 1000;
  await client.end();
  return seconds;
}

const sum = (figures: Record<string, number>) => Object.values(figures).reduce((total, taken) => total + taken, 0);

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
