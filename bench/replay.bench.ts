import { adminToken, csvText, leanRows, startBenchPlatform, uploadAndWait, type BenchPlatform } from './support/benchPlatform';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const LIMIT_SECONDS = 5;
// Starter model: template 2 is the Maximum Credit Limit.
const MAX_LIMIT_TEMPLATE = 2;

/**
 * Replays of one ROWS-record batch through the real HTTP API of a platform in its own process
 * (GET /api/admin/compliance/batches/:id/replay): under the model of its upload (reproduction of
 * every stored result), then under today's model after a parameter change (champion/challenger),
 * each the first time (read from the log, scored, stored results read and compared) and again (the
 * replay kept for its next pages, the stored results read and compared again).
 */
async function main() {
  const platform = await startBenchPlatform();
  try {
    const { headers, rows } = leanRows(ROWS);
    const { batchId, batch } = await uploadAndWait(platform, csvText(headers, rows), 'Replayed batch');
    const admin = await adminToken(platform);
    console.log(`Batch replay (${ROWS.toLocaleString('en-US')}-record batch, starter model, one platform process, embedded PostgreSQL)`);
    console.log(`  batch status:                      ${batch.status} (${batch.processed_records} scored, ${batch.failed_records} failed)`);
    const figures: number[] = [];
    const timed = async (label: string, query: string) => {
      const { seconds, data } = await replay(platform, admin, batchId, query);
      figures.push(seconds);
      const { reproduction, comparison } = data;
      console.log(
        `  ${label.padEnd(34)} ${seconds.toFixed(2).padStart(5)} s  reproduced ${reproduction.reproduced.toLocaleString('en-US')}/${reproduction.total.toLocaleString('en-US')}` +
          `${reproduction.exact ? ' (exact)' : ''}, changed ${comparison.totals.changed.toLocaleString('en-US')}`,
      );
    };
    await timed('at upload, first time:', '?against=upload');
    await timed('at upload, again:', '?against=upload');
    const set = await platform.call(
      `/institution/setParameters/${batch.institutionId}`,
      { method: 'POST', body: JSON.stringify({ parameters: [{ parameterId: MAX_LIMIT_TEMPLATE, value: 4_000_000 }] }) },
      admin,
    );
    if (set.status !== 200) throw new Error(`parameter change failed: ${set.status} ${JSON.stringify(set.body)}`);
    await timed('against today (new max), first:', '?against=now');
    await timed('against today, page 500:', '?against=now&page=500&limit=100');
    const slowest = Math.max(...figures);
    console.log(
      `  slowest replay:                    ${slowest.toFixed(2)} s (target under ${LIMIT_SECONDS} s)${slowest < LIMIT_SECONDS ? '' : '  ** OVER **'}`,
    );
  } finally {
    await platform.stop();
  }
}

async function replay(platform: BenchPlatform, token: string, batchId: number, query: string) {
  const started = performance.now();
  const response = await platform.call(`/admin/compliance/batches/${batchId}/replay${query}`, {}, token);
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== 200) throw new Error(`replay failed: ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
  return { seconds, data: response.body.data };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
