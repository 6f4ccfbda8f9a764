import { csvText, leanRows, startBenchPlatform, type BenchPlatform } from './support/benchPlatform';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const AT_REST_CALLS = 50;

const median = (values: number[]) => (values.length ? [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] : NaN);
const max = (values: number[]) => (values.length ? Math.max(...values) : NaN);

/** What waiting for every acknowledged write costs a query: its whole time, and the wait alone (its Server-Timing). */
async function timed(platform: BenchPlatform, path: string, token: string) {
  const started = performance.now();
  const response = await platform.call(path, {}, token);
  const total = performance.now() - started;
  const wait = Number(/consistency;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? NaN);
  return { status: response.status, total, wait };
}

/**
 * Queries with no consistency header wait until the projections they read reach the log's head as
 * it stood when they arrived. This prints what that wait adds, at rest and while a ROWS-record
 * upload is being scored: the median (and worst) wait per query, from the Server-Timing header.
 */
async function main() {
  const platform = await startBenchPlatform();
  try {
    const token = platform.institutionToken;
    const queries: [string, string][] = [
      ['categories (scoring-model)', '/variableCategory/all'],
      ['batch list (progress)', '/csv/batches'],
      ['results (scoring)', '/result/getAllResults?limit=20'],
      ['audit (audit)', '/institution/audit'],
    ];
    console.log(
      `Consistent reads: what waiting for every acknowledged write adds to a query (${ROWS.toLocaleString('en-US')}-record upload)`,
    );
    console.log('  at rest (median of 50 calls):');
    for (const [label, path] of queries) {
      const calls = [];
      for (let index = 0; index < AT_REST_CALLS; index++) calls.push(await timed(platform, path, token));
      console.log(
        `    ${label.padEnd(28)} query ${median(calls.map((call) => call.total))
          .toFixed(1)
          .padStart(6)} ms, of which waiting ${median(calls.map((call) => call.wait)).toFixed(2)} ms`,
      );
    }

    const { headers, rows } = leanRows(ROWS);
    const form = new FormData();
    form.append('batchName', 'Consistency bench');
    form.append('csvFile', new Blob([csvText(headers, rows)]), 'bench.csv');
    const uploaded = await platform.call('/csv/upload', { method: 'POST', body: form }, token);
    const batchId = uploaded.body.data.batch.id as number;
    const during = new Map<string, { total: number; wait: number; status: number }[]>(queries.map(([label]) => [label, []]));
    let scored = false;
    const loops = queries.map(async ([label, path]) => {
      while (!scored) {
        during.get(label)!.push(await timed(platform, path, token));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    while (!scored) {
      scored = (await platform.call(`/csv/batch/${batchId}`, {}, token)).body.data.status !== 'processing';
      if (!scored) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await Promise.all(loops);
    console.log('  while the upload is scored (every query sent after the upload was acknowledged):');
    for (const [label] of queries) {
      const calls = during.get(label)!;
      const refused = calls.filter((call) => call.status === 503).length;
      console.log(
        `    ${label.padEnd(28)} ${String(calls.length).padStart(3)} calls, waiting median ${median(calls.map((call) => call.wait)).toFixed(1)} ms, worst ${max(calls.map((call) => call.wait)).toFixed(1)} ms${refused ? `, ${refused} answered 503` : ''}`,
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
