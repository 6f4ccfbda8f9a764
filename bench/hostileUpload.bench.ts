import { readFileSync } from 'node:fs';
import { deflatedPart, SHEET_HEAD, SHEET_PATH, SHEET_TAIL, workbookWithSheet } from '../command-api/src/batches/handWrittenZip.testFixture';
import { highWaterKb, startBenchPlatform, type BenchPlatform } from './support/benchPlatform';

const CASES = (process.env.BENCH_SPARSE_ROWS ?? '2000,20000,200000').split(',').map(Number);
const HEALTH_TIMEOUT_MS = 120_000;

/**
 * The workbook of issue 20: header `name,reference_number`, one more cell at XFD1 (the last column
 * Excel allows) and `rows` rows of one cell each. A few hundred KB that a reader materialising the
 * sheet's whole range turns into 16 384 × rows cells.
 */
export function sparseWorkbook(rows: number): Buffer {
  const text = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
  const parts = [SHEET_HEAD, `<row r="1">${text('A1', 'name')}${text('B1', 'reference_number')}${text('XFD1', 'x')}</row>`];
  for (let row = 2; row <= rows + 1; row++) parts.push(`<row r="${row}">${text(`A${row}`, 'a')}</row>`);
  parts.push(SHEET_TAIL);
  return workbookWithSheet(deflatedPart(SHEET_PATH, parts.join('')), ['name', 'reference_number']);
}

const rssKb = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
};

/**
 * One fresh platform process per workbook (its peak RSS is then this upload's alone): uploads the
 * workbook while another client asks `/api/health` back to back, and reports the upload's answer,
 * the health checks' latency and the server's resident memory.
 */
async function measure(rows: number) {
  // Built first: building it blocks this process, which would count against the server's latency.
  const content = sparseWorkbook(rows);
  const platform = await startBenchPlatform();
  const pid = platform.server.pid as number;
  const alive = () => platform.server.exitCode === null && platform.server.signalCode === null;
  const latencies: number[] = [];
  let healthFailures = 0;
  let uploading = true;
  // Sampled, since a process that dies takes its high-water mark with it.
  let peakKb = 0;
  const sampler = setInterval(() => (peakKb = Math.max(peakKb, highWaterKb(pid))), 50);
  const poll = (async () => {
    while (uploading) {
      const started = performance.now();
      try {
        const response = await fetch(`${platform.url}/api/health`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
        await response.text();
        if (response.status !== 200) healthFailures += 1;
      } catch {
        healthFailures += 1;
        if (!alive()) return;
      }
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    const rssBeforeKb = rssKb(pid);
    const form = new FormData();
    form.append('batchName', `Sparse ${rows}`);
    form.append('csvFile', new Blob([new Uint8Array(content)]), 'sparse.xlsx');
    const started = performance.now();
    let answer: string;
    try {
      const response = await platform.call('/csv/upload', { method: 'POST', body: form }, platform.institutionToken);
      answer = `${response.status} ${response.body?.message ?? ''}`;
    } catch (error) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      answer = `no answer (${(error as Error).message}; ${alive() ? 'server still running' : `server exited: ${platform.server.exitCode ?? platform.server.signalCode}`})`;
    }
    const seconds = (performance.now() - started) / 1000;
    // A few more health checks after the answer: the platform must still serve.
    await new Promise((resolve) => setTimeout(resolve, 300));
    uploading = false;
    await poll;
    peakKb = Math.max(peakKb, highWaterKb(pid));
    const sorted = [...latencies].sort((a, b) => a - b);
    const quantile = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);
    console.log(`Sparse workbook, ${rows.toLocaleString('en-US')} rows (${(content.length / 1024).toFixed(0)} KB)`);
    console.log(`  upload answer:        ${answer.slice(0, 160)} after ${seconds.toFixed(2)} s`);
    console.log(
      `  /api/health:          max ${quantile(1).toFixed(0)} ms, p50 ${quantile(0.5).toFixed(1)} ms, p99 ${quantile(0.99).toFixed(0)} ms (${latencies.length} checks, ${healthFailures} failed)`,
    );
    console.log(`  server RSS:           ${(rssBeforeKb / 1024).toFixed(0)} MiB before, peak ${(peakKb / 1024).toFixed(0)} MiB`);
    console.log(`  platform afterwards:  ${alive() ? 'running' : 'exited'}`);
  } finally {
    clearInterval(sampler);
    uploading = false;
    await poll;
    await stopped(platform, alive());
  }
}

async function stopped(platform: BenchPlatform, alive: boolean) {
  if (alive) return platform.stop();
  await platform.database.stop();
}

async function main() {
  for (const rows of CASES) await measure(rows);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
