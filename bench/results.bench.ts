import { loadavg } from 'node:os';
import { csvText, leanRows, startBenchPlatform, uploadAndWait } from './support/benchPlatform';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const REPEATS = 5;
/** Batches of ROWS uploaded (each after the first re-scores the same clients): BENCH_BATCHES=10 holds 1 000 000 results. */
const BATCHES = Math.max(2, Number(process.env.BENCH_BATCHES ?? 2));

/**
 * How long the results screens' calls take once an institution has BATCHES batches of ROWS clients
 * (each after the first re-scores the same clients, as a monthly upload does): the median of REPEATS
 * calls through the real HTTP API.
 */
async function main() {
  const platform = await startBenchPlatform();
  try {
    const { headers, rows } = leanRows(ROWS);
    const first = await uploadAndWait(platform, csvText(headers, rows), 'First batch');
    let latest = first;
    for (let batch = 2; batch <= BATCHES; batch++) {
      const again = leanRows(ROWS, 2025 + batch);
      const started = performance.now();
      latest = await uploadAndWait(platform, csvText(again.headers, again.rows), `Batch ${batch}`);
      console.log(`  batch ${batch} of ${BATCHES} scored in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    const token = platform.institutionToken;
    const some = (await platform.call(`/result/batch/${latest.batchId}?limit=1`, {}, token)).body.data.results[0];
    const institutionId = some.institutionId as number;
    const clientId = some.client.id as number;

    // Exactly what the results screens send (web/src/features/results/api.ts): every call carries the page, size and sort.
    const screen = (query: string) => `/result/getAllResults?page=1&limit=10&sortBy=createdAt&sortOrder=desc&${query}`;
    const today = new Date().toISOString().slice(0, 10);
    const calls: [string, string][] = [
      ['results screen: Batch Uploads, first page', screen('view=batches')],
      ['… page 5 000 of 20 a page', screen('view=batches').replace('page=1&limit=10', 'page=5000&limit=20')],
      ['… sorted by credit limit', screen('view=batches').replace('sortBy=createdAt', 'sortBy=credit_limit')],
      [
        '… sorted by interest rate, lowest first',
        screen('view=batches').replace('sortBy=createdAt&sortOrder=desc', 'sortBy=interest_rate&sortOrder=asc'),
      ],
      ['… typed "C" (first keystroke; both batch names have a c)', screen('view=batches&search=C')],
      ['… typed "0" (in most references, no batch name)', screen('view=batches&search=0')],
      ['… typed "C4"', screen('view=batches&search=C4')],
      ['… typed "C424"', screen('view=batches&search=C424')],
      ['… typed a name "Ma"', screen('view=batches&search=Ma')],
      ['… amount range', screen('view=batches&minAmount=1000000&maxAmount=2000000')],
      ['… dates from and to today', screen(`view=batches&dateFrom=${today}&dateTo=${today}`)],
      ['results screen: All Clients, first page', screen('view=clients')],
      ['… sorted by credit limit', screen('view=clients').replace('sortBy=createdAt', 'sortBy=credit_limit')],
      ['… typed "C424"', screen('view=clients&search=C424')],
      ['batch details: first page', `/result/batch/${first.batchId}?page=1&limit=10&sortBy=createdAt&sortOrder=desc`],
      ['… page 2 000 of 20', `/result/batch/${first.batchId}?page=2000&limit=20&sortBy=createdAt&sortOrder=desc`],
      ['… typed "C424"', `/result/batch/${first.batchId}?page=1&limit=10&sortBy=createdAt&sortOrder=desc&search=C424`],
      ['compare with today’s model, first page', `/result/compare?uploadBatchId=${first.batchId}&page=1&limit=10`],
      ['… page 2 (the whole batch’s totals known)', `/result/compare?uploadBatchId=${first.batchId}&page=2&limit=10`],
      ['institution results (by id), credit limit', `/result/institution/${institutionId}?sortBy=credit_limit&sortOrder=desc`],
      ['batches list', `/csv/upload/batches/${institutionId}`],
      ['institution dashboard, 30 days', '/institution/dashboard?period=30d'],
      ['… 12 months', '/institution/dashboard?period=12m'],
      ['portfolio performance', '/institution/performance'],
      ["a client's history", `/result/client/${clientId}/history`],
      ["a client's explanation", `/result/client/${clientId}/detailed`],
      [`export of one batch, ${ROWS.toLocaleString('en-US')} rows (CSV)`, `/result/export?uploadBatchId=${first.batchId}&format=csv`],
      [`export of every result, ${(ROWS * BATCHES).toLocaleString('en-US')} rows (CSV)`, '/result/export?format=csv'],
    ];
    console.log(
      `Results queries (${ROWS.toLocaleString('en-US')} clients, ${BATCHES} batches, ${(ROWS * BATCHES).toLocaleString('en-US')} results, median of ${REPEATS} calls over HTTP, and the first of them; load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')})`,
    );
    for (const [label, path] of calls) {
      const times: number[] = [];
      let status = 0;
      for (let repeat = 0; repeat < REPEATS; repeat++) {
        const started = performance.now();
        status = (await platform.call(path, {}, token)).status;
        times.push(performance.now() - started);
      }
      const firstCall = times[0];
      times.sort((a, b) => a - b);
      console.log(
        `  ${label.padEnd(58)} ${times[Math.floor(REPEATS / 2)].toFixed(0).padStart(6)} ms   (first call ${firstCall.toFixed(0)} ms)${status === 200 ? '' : `  (HTTP ${status})`}`,
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
