import { resourceUsage } from 'node:process';
import { compileModel, explain, generateRecords, generateRows, resolveColumns, scoreRecord, scoreRow, starterModel } from '../scoring/src';
import { rate } from './support/benchDatabase';

const RECORD_COUNT = Number(process.env.SCORING_BENCH_RECORDS ?? 1_000_000);
const RECORD_OBJECT_COUNT = Math.min(RECORD_COUNT, 200_000);
const EXPLAIN_COUNT = Math.min(RECORD_COUNT, 20_000);
const SEED = 20240601;
const MEGABYTE = 1024 * 1024;

let peakRss = process.memoryUsage().rss;
function sampleRss(): number {
  const rss = process.memoryUsage().rss;
  peakRss = Math.max(peakRss, rss);
  return rss;
}

function timed(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

const model = starterModel();
const compiled = compileModel({ version: 1, ...model });
const rssBeforeData = sampleRss();

// Generated outside the timed part; rows of strings, as an upload parser hands them over.
let rows: readonly (readonly string[])[] = [];
let headers: readonly string[] = [];
const generationMs = timed(() => ({ headers, rows } = generateRows(model, RECORD_COUNT, SEED)));
const rssWithData = sampleRss();
const columns = resolveColumns(compiled, headers);

// A warm-up, so the timed pass measures optimised code as a long-running server would run it.
for (let i = 0; i < Math.min(50_000, rows.length); i++) scoreRow(compiled, columns, rows[i]);

let creditLimitTotal = 0;
let rejected = 0;
const rowsMs = timed(() => {
  for (let i = 0; i < rows.length; i++) {
    const result = scoreRow(compiled, columns, rows[i]);
    if (result.status === 'scored') creditLimitTotal += result.creditLimit;
    else rejected++;
    if ((i & 0x3ffff) === 0) sampleRss();
  }
});
sampleRss();

const records = generateRecords(model, RECORD_OBJECT_COUNT, SEED + 1);
for (let i = 0; i < Math.min(20_000, records.length); i++) scoreRecord(compiled, records[i]);
const recordsMs = timed(() => {
  for (let i = 0; i < records.length; i++) scoreRecord(compiled, records[i]);
});
const explainMs = timed(() => {
  for (let i = 0; i < EXPLAIN_COUNT; i++) explain(compiled, records[i]);
});
sampleRss();

console.log(
  `records scored:            ${rows.length.toLocaleString('en')} rows, ${model.variables.length} variables each (${rejected} rejected)`,
);
console.log(`generation (untimed):      ${(generationMs / 1000).toFixed(2)} s`);
console.log(`scoring time:              ${(rowsMs / 1000).toFixed(3)} s on one thread`);
console.log(`records per second:        ${rate(rows.length, rowsMs)} (scoreRow, pre-resolved columns)`);
console.log(
  `  record objects:          ${rate(records.length, recordsMs)} per second (scoreRecord, ${records.length.toLocaleString('en')} records)`,
);
console.log(
  `  explanations:            ${rate(EXPLAIN_COUNT, explainMs)} per second (explain, ${EXPLAIN_COUNT.toLocaleString('en')} records)`,
);
console.log(`checksum (total limit):    ${creditLimitTotal.toLocaleString('en')} XAF`);
console.log(`RSS before/with rows:      ${(rssBeforeData / MEGABYTE).toFixed(0)} MB / ${(rssWithData / MEGABYTE).toFixed(0)} MB`);
console.log(`peak RSS (sampled):        ${(peakRss / MEGABYTE).toFixed(0)} MB`);
console.log(`maxRSS (resourceUsage):    ${(resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
