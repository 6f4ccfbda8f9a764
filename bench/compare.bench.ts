import { readFileSync } from 'node:fs';
import { csvText, highWaterKb, leanRows, startBenchPlatform, uploadAndWait } from './support/benchPlatform';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 40);

const rssKb = (pid: number): number => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : 0;
};
const mib = (kb: number) => `${(kb / 1024).toFixed(0)} MiB`;

/**
 * PARALLEL comparisons of one ROWS-record batch sent at once by one institution (a page of JSON,
 * then the streamed CSV): the platform's resident memory at its peak while they run, how many ran
 * and how many were asked to come back (429), and how long the wave took.
 */
async function main() {
  const platform = await startBenchPlatform();
  const pid = platform.server.pid as number;
  try {
    const { headers, rows } = leanRows(ROWS);
    const { batchId } = await uploadAndWait(platform, csvText(headers, rows), 'Compared batch');
    console.log(`Compare (${ROWS.toLocaleString('en-US')}-record batch, ${PARALLEL} calls at once from one institution)`);
    console.log(`  platform RSS after the upload: ${mib(rssKb(pid))} (peak so far ${mib(highWaterKb(pid))})`);
    for (const [label, query] of [
      ['JSON, first page of 100', ''],
      ['CSV, streamed whole', '&format=csv'],
    ] as const) {
      let peak = rssKb(pid);
      const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 50);
      const started = performance.now();
      const statuses = await Promise.all(
        Array.from(
          { length: PARALLEL },
          async () => (await platform.call(`/result/compare?uploadBatchId=${batchId}${query}`, {}, platform.institutionToken)).status,
        ),
      );
      const elapsed = performance.now() - started;
      clearInterval(sampler);
      const count = (status: number) => statuses.filter((found) => found === status).length;
      console.log(
        `  ${label.padEnd(26)} ${(elapsed / 1000).toFixed(1).padStart(5)} s  answered ${count(200)}, asked to retry (429) ${count(429)}, other ${PARALLEL - count(200) - count(429)}; peak RSS ${mib(peak)}`,
      );
    }
  } finally {
    await platform.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
