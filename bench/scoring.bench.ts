import { resourceUsage } from 'node:process';
import { compileModel, generateRows, resolveColumns, scoreRow, starterModel } from '../scoring/src';
import type { ScoreResult } from '../scoring/src';

const RECORD_COUNT = Number(process.env.SCORING_BENCH_RECORDS ?? 1_000_000);
const SEED = 20240601;
const MEGABYTE = 1024 * 1024;

let peakRss = process.memoryUsage().rss;
function sampleRss(): void {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}

const model = starterModel();
const compiled = compileModel({ version: 1, ...model });

const generationStart = performance.now();
const { headers, rows } = generateRows(model, RECORD_COUNT, SEED);
const generationMs = performance.now() - generationStart;
sampleRss();

const columns = resolveColumns(compiled, headers);

// A short warm-up so the timed pass measures optimised code, as a long-running server would.
for (let i = 0; i < Math.min(50_000, rows.length); i++) scoreRow(compiled, columns, rows[i]);

let creditLimitTotal = 0;
let rejected = 0;
const scoringStart = performance.now();
for (let i = 0; i < rows.length; i++) {
  const result: ScoreResult = scoreRow(compiled, columns, rows[i]);
  if (result.status === 'scored') creditLimitTotal += result.creditLimit;
  else rejected++;
  if ((i & 0x3ffff) === 0) sampleRss();
}
const scoringMs = performance.now() - scoringStart;
sampleRss();

const recordsPerSecond = Math.round(rows.length / (scoringMs / 1000));
console.log(`records scored:         ${rows.length.toLocaleString('en')} (${rejected} rejected)`);
console.log(`generation (untimed):   ${(generationMs / 1000).toFixed(2)} s`);
console.log(`scoring time:           ${(scoringMs / 1000).toFixed(3)} s on one thread`);
console.log(`records per second:     ${recordsPerSecond.toLocaleString('en')}`);
console.log(`checksum (total limit): ${creditLimitTotal.toLocaleString('en')} XAF`);
console.log(`peak RSS (sampled):     ${(peakRss / MEGABYTE).toFixed(0)} MB`);
console.log(`maxRSS (resourceUsage): ${(resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
