import { csvText, leanRows, startBenchPlatform, uploadAndWait } from './support/benchPlatform';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const REPEATS = 5;

/**
 * How long the results screens' calls take once an institution has two batches of ROWS clients
 * (the second re-scores the same clients): the median of REPEATS calls through the real HTTP API.
 */
async function main() {
  const platform = await startBenchPlatform();
  try {
    const { headers, rows } = leanRows(ROWS);
    const first = await uploadAndWait(platform, csvText(headers, rows), 'First batch');
    const again = leanRows(ROWS, 2027);
    const second = await uploadAndWait(platform, csvText(again.headers, again.rows), 'Second batch');
    const token = platform.institutionToken;
    const some = (await platform.call(`/result/batch/${second.batchId}?limit=1`, {}, token)).body.data.results[0];
    const institutionId = some.institutionId as number;
    const clientId = some.client.id as number;

    const calls: [string, string][] = [
      ['a batch, first page', `/result/batch/${first.batchId}`],
      ['a batch, page 2 000 of 20', `/result/batch/${first.batchId}?page=2000&limit=20`],
      ['institution results, newest first', `/result/institution/${institutionId}`],
      ['… sorted by credit limit', `/result/institution/${institutionId}?sortBy=credit_limit&sortOrder=desc`],
      ['… latest per client (view=clients)', `/result/institution/${institutionId}?view=clients`],
      ['… searched by reference', `/result/institution/${institutionId}?search=C4242`],
      ['… amount range', `/result/institution/${institutionId}?minAmount=1000000&maxAmount=2000000`],
      ['all results (getAllResults)', '/result/getAllResults'],
      ['batches list', `/csv/upload/batches/${institutionId}`],
      ["a client's history", `/result/client/${clientId}/history`],
      ["a client's explanation", `/result/client/${clientId}/detailed`],
      ['export of a batch (CSV)', `/result/export?uploadBatchId=${first.batchId}&format=csv`],
      ['compare a batch with today’s model', `/result/compare?uploadBatchId=${first.batchId}`],
    ];
    console.log(`Results queries (${ROWS.toLocaleString('en-US')} clients, two batches, median of ${REPEATS} calls over HTTP)`);
    for (const [label, path] of calls) {
      const times: number[] = [];
      let status = 0;
      for (let repeat = 0; repeat < REPEATS; repeat++) {
        const started = performance.now();
        status = (await platform.call(path, {}, token)).status;
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(
        `  ${label.padEnd(40)} ${times[Math.floor(REPEATS / 2)].toFixed(0).padStart(6)} ms${status === 200 ? '' : `  (HTTP ${status})`}`,
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
