import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { Client } from 'pg';
import {
  adminToken,
  cpuSeconds,
  csvText,
  leanRows,
  postgresPids,
  startBenchPlatform,
  uploadAndWait,
  type BenchPlatform,
} from './support/benchPlatform';

const RESULTS = Number(process.env.LOAD_RESULTS ?? 1_000_000);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const READERS = 20;
/** Each call sent this many times, one after another, before the readers start. */
const ALONE_CALLS = 30;
const BATCH = 100_000;
const NEIGHBOUR_ROWS = 20;
// Issue 24's targets on this 2-core machine.
const AT_REST = { readsPerSecond: 150, p95: 150 };
const DURING = { p95: 400, uploadRatio: 1.5 };

type Call = { label: string; path: () => string };
type Stat = { times: number[]; refused: number; failed: number };
type Phase = { stats: Map<string, Stat>; seconds: number };

/**
 * Issue 24's load: institution A holds RESULTS results uploaded through the real path (batches of
 * 100 000, each polled to completed, and as each completes, institution N sends a file of
 * NEIGHBOUR_ROWS records, timed to completed); then READERS concurrent readers, each signed in as A, loop
 * over the calls the results, /clients, batch details, client details, /performance and dashboard
 * screens send, for SECONDS at rest (once the load's VACUUM and ANALYZE are done: `settle`) and
 * again while institution U uploads 100 000 records back to back. Prints each call's time and CPU
 * (platform, PostgreSQL) alone first, then reads/s, p50/p95/p99, 503s and other errors per call,
 * U's upload times (alone before the readers and after them, and under load), and the targets with PASS/MISS.
 * A bench prints figures: it exits 0 whether the targets are met or not.
 */
async function main() {
  const platform = await startBenchPlatform();
  try {
    const admin = await adminToken(platform);
    const a = await institution(platform, admin, 'Load Bank A');
    const u = await institution(platform, admin, 'Upload Bank U');
    const n = await institution(platform, admin, 'Neighbour Bank N');
    const aToken = await a.signIn();
    const uToken = await u.signIn();
    const nToken = await n.signIn();
    // A neighbour's small file, sent as each of A's batches completes: that completion's work (the
    // statistics refresh, the search rows' vacuum) must not hold it up.
    const nRows = leanRows(NEIGHBOUR_ROWS, 77);
    const neighbourTimes: number[] = [];
    const neighbourUpload = async (index: number) => {
      const rows = nRows.rows.map((row) =>
        row.map((cell, column) => (column === nRows.headers.indexOf('reference_number') ? `N${index}-${cell}` : cell)),
      );
      const upload = await uploadAndWait({ ...platform, institutionToken: nToken }, csvText(nRows.headers, rows), `N ${index + 1}`);
      if (upload.batch.status !== 'completed') throw new Error(`N's batch ${index + 1} ended ${upload.batch.status}`);
      neighbourTimes.push(upload.completed - upload.started);
      return upload.completed - upload.started;
    };

    // A's batches: each re-scores half of the previous batch's clients and brings 50 000 new ones.
    console.log(`Loading institution A with ${RESULTS.toLocaleString('en-US')} results (batches of ${BATCH.toLocaleString('en-US')})`);
    const loadStarted = performance.now();
    const batchIds: number[] = [];
    for (let index = 0; index * BATCH < RESULTS; index++) {
      const size = Math.min(BATCH, RESULTS - index * BATCH);
      const csv = lean(size, 2026 + index, (row) => `C${(index * BATCH) / 2 + row}`);
      const upload = await uploadAndWait({ ...platform, institutionToken: aToken }, csv, `Month ${index + 1}`);
      if (upload.batch.status !== 'completed') throw new Error(`A's batch ${index + 1} ended ${upload.batch.status}`);
      batchIds.push(upload.batchId);
      const neighbour = await neighbourUpload(index);
      console.log(
        `  batch ${index + 1}: ${size.toLocaleString('en-US')} rows, request → completed ${seconds(upload.completed - upload.started)}; N's ${NEIGHBOUR_ROWS} records sent then: ${seconds(neighbour)}`,
      );
    }
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    console.log(
      `  N's file of ${NEIGHBOUR_ROWS} records sent as each of A's batches completed, request → completed: median ${seconds(median(neighbourTimes))}, slowest ${seconds(Math.max(...neighbourTimes))}`,
    );
    const pace =
      RESULTS < 1_000_000 ? `; 1 000 000 would take about ${((loadSeconds * 1_000_000) / RESULTS / 60).toFixed(0)} min at this pace` : '';
    console.log(`  loaded in ${loadSeconds.toFixed(0)} s (generating the files included)${pace}`);

    const calls = await screenCalls(platform, aToken, batchIds);
    const tokens = [];
    for (let reader = 0; reader < READERS; reader++) tokens.push(await a.signIn());

    // U's records: the same generated values, new clients on every upload (U0…, U100000…, …).
    const uRows = leanRows(BATCH, 4242);
    const uReference = uRows.headers.indexOf('reference_number');
    let uploads = 0;
    const uploadU = async () => {
      const offset = uploads++ * BATCH;
      const rows = uRows.rows.map((row, index) => row.map((cell, column) => (column === uReference ? `U${offset + index}` : cell)));
      const upload = await uploadAndWait({ ...platform, institutionToken: uToken }, csvText(uRows.headers, rows), `U ${uploads}`);
      return { ms: upload.completed - upload.started, acceptedMs: upload.accepted - upload.started, status: upload.batch.status as string };
    };
    const alone = await uploadU();
    console.log(`\nU's upload of ${BATCH.toLocaleString('en-US')} records alone: ${seconds(alone.ms)} (${alone.status})`);
    await settle(platform);

    const base = new URL(platform.url);
    await eachCallAlone(platform, base, tokens[0], calls);
    const atRest = await read(base, tokens, calls, (elapsed) => elapsed >= SECONDS * 1000);
    let uploading = true;
    const during: { ms: number; acceptedMs: number; status: string }[] = [];
    const duringStarted = performance.now();
    const uploader = (async () => {
      while (performance.now() - duringStarted < SECONDS * 1000) during.push(await uploadU());
      uploading = false;
    })();
    // The readers go on until U's last upload has completed, so each upload is timed under load.
    const whileUploading = await read(base, tokens, calls, (elapsed) => elapsed >= SECONDS * 1000 && !uploading);
    await uploader;
    // Alone again, U now holding every upload before: an upload grows a little slower with the
    // institution's size (5.3 → 6.1 s over eight, 2026-12-01), so each under load is compared with
    // the mean of the upload alone before the readers (U empty) and this one.
    const aloneAfter = await uploadU();
    const aloneMs = (alone.ms + aloneAfter.ms) / 2;

    console.log(
      `\nReads: ${READERS} concurrent readers signed in as A (load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')})`,
    );
    const targets: [string, boolean][] = [];
    const rest = report('at rest', atRest, AT_REST.p95);
    targets.push([
      `at rest: ≥ ${AT_REST.readsPerSecond} reads/s in all (${rest.readsPerSecond.toFixed(0)})`,
      rest.readsPerSecond >= AT_REST.readsPerSecond,
    ]);
    targets.push([`at rest: p95 < ${AT_REST.p95} ms for every call (slowest ${rest.worstP95.toFixed(0)} ms)`, rest.worstP95 < AT_REST.p95]);
    const busy = report(`while U uploads ${BATCH.toLocaleString('en-US')} records back to back`, whileUploading, DURING.p95);
    targets.push([
      `during uploads: p95 < ${DURING.p95} ms for every call (slowest ${busy.worstP95.toFixed(0)} ms)`,
      busy.worstP95 < DURING.p95,
    ]);
    targets.push([`during uploads: zero 503s (${busy.refused})`, busy.refused === 0]);

    console.log(`\nU's uploads of ${BATCH.toLocaleString('en-US')} records, request → completed`);
    // Accepted: the request answered (records checked and in the log); the rest is their scoring.
    console.log(`  alone, U's first upload:         ${seconds(alone.ms)} (accepted after ${seconds(alone.acceptedMs)})`);
    console.log(
      `  alone, after the uploads below:  ${seconds(aloneAfter.ms)} (accepted after ${seconds(aloneAfter.acceptedMs)}, ${aloneAfter.status})`,
    );
    console.log(`  alone, their mean:               ${seconds(aloneMs)}`);
    during.forEach((upload, index) =>
      console.log(
        `  under load ${String(index + 1).padEnd(2)} ${seconds(upload.ms)}  (${(upload.ms / aloneMs).toFixed(2)}× alone, ${(upload.ms / alone.ms).toFixed(2)}× the first; accepted after ${seconds(upload.acceptedMs)})${upload.status === 'completed' ? '' : `  ${upload.status}`}`,
      ),
    );
    const slowest = Math.max(...during.map((upload) => upload.ms));
    const ratio = slowest / aloneMs;
    targets.push([`upload under load ≤ ${DURING.uploadRatio}× alone (slowest ${ratio.toFixed(2)}×)`, ratio <= DURING.uploadRatio]);

    console.log("\nIssue 24's targets");
    for (const [label, met] of targets) console.log(`  ${met ? 'PASS' : 'MISS'}  ${label}`);
  } finally {
    await platform.stop();
  }
}

/**
 * "At rest" is after the load's own aftermath: the VACUUM and ANALYZE autovacuum would run on the
 * tables A's year of uploads just filled, run now. Left to autovacuum, it ran during the readers
 * (measured: 117 reads/s at rest with it running, 146–161 once it had finished, the same code).
 */
async function settle(platform: BenchPlatform): Promise<void> {
  const started = performance.now();
  const client = new Client({ connectionString: platform.database.url });
  await client.connect();
  try {
    await client.query('VACUUM (ANALYZE)');
  } finally {
    await client.end();
  }
  console.log(`The load's VACUUM (ANALYZE), as autovacuum would run it: ${seconds(performance.now() - started)}`);
}

/** A registered, approved institution whose account can sign in as often as needed (each sign-in is a real one). */
async function institution(platform: BenchPlatform, admin: string, name: string) {
  const details = { name, email: `${name.toLowerCase().replace(/\W+/g, '-')}@load.test`, password: 'Load-Bench-1!' };
  const registered = await platform.call('/institution/create', { method: 'POST', body: JSON.stringify(details) });
  if (registered.status !== 201) throw new Error(`registration failed: ${JSON.stringify(registered.body)}`);
  await platform.call(`/admin/institutions/${registered.body.data.id}/approve`, { method: 'POST' }, admin);
  const signIn = async () => {
    const login = await platform.call('/institution/login', { method: 'POST', body: JSON.stringify(details) });
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
    return login.body.token as string;
  };
  return { signIn };
}

/** `count` compact rows (bench/support's leanRows) with the client references given. */
function lean(count: number, seed: number, reference: (row: number) => string): string {
  const { headers, rows } = leanRows(count, seed);
  const column = headers.indexOf('reference_number');
  for (const [index, row] of rows.entries()) row[column] = reference(index);
  return csvText(headers, rows);
}

/**
 * The calls the screens send, with the parameters in the order the web app sends them
 * (web/src/features/results/api.ts, workspace/api.ts): pages mostly near the start, the three sorts,
 * page sizes 10/20/50, searches typed from A's own clients, date ranges, the dashboard's periods.
 */
async function screenCalls(platform: BenchPlatform, token: string, batchIds: number[]): Promise<Call[]> {
  const sampled = [];
  for (const batchId of batchIds) {
    for (const page of [1, 7]) {
      const answer = await platform.call(`/result/batch/${batchId}?page=${page}&limit=50&sortBy=createdAt&sortOrder=desc`, {}, token);
      sampled.push(...(answer.body.data.results as { client: { id: number; name: string; reference_number: string } }[]));
    }
  }
  const clientIds = sampled.map((result) => result.client.id);
  const terms = sampled.slice(0, 40).flatMap(({ client }) => [
    client.reference_number, // a reference pasted
    client.reference_number.slice(0, 4), // a reference being typed
    client.name.split(' ').at(-1) as string, // a surname
    client.name.slice(0, 3), // a first name being typed
  ]);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const sorts = ['sortBy=createdAt&sortOrder=desc', 'sortBy=credit_limit&sortOrder=desc', 'sortBy=interest_rate&sortOrder=asc'];
  const page = () => `page=${pick([1, 1, 1, 1, 2, 2, 3, 5, 10, 40])}&limit=${pick([10, 10, 10, 20, 50])}&${pick(sorts)}`;
  const first = 'page=1&limit=10&sortBy=createdAt&sortOrder=desc';
  const search = () => `search=${encodeURIComponent(pick(terms))}`;
  const range = () => pick([`dateFrom=${day(30)}&dateTo=${day(0)}`, `dateFrom=${day(0)}&dateTo=${day(0)}`, `dateFrom=${day(7)}`]);
  return [
    { label: 'results: a page (sorted)', path: () => `/result/getAllResults?${page()}&view=batches` },
    { label: 'results: search', path: () => `/result/getAllResults?${first}&${search()}&view=batches` },
    { label: 'results: date range', path: () => `/result/getAllResults?${first}&${range()}&view=batches` },
    { label: '/clients: a page (sorted)', path: () => `/result/getAllResults?${page()}&view=clients` },
    { label: '/clients: search', path: () => `/result/getAllResults?${first}&${search()}&view=clients` },
    { label: 'batch details: a page', path: () => `/result/batch/${pick(batchIds)}?${page()}` },
    { label: 'batch details: search', path: () => `/result/batch/${pick(batchIds)}?${first}&${search()}` },
    { label: 'batch details: compare', path: () => `/result/compare?uploadBatchId=${pick(batchIds)}&page=${pick([1, 1, 2])}&limit=10` },
    { label: 'client details: explanation', path: () => `/result/client/${pick(clientIds)}/detailed` },
    { label: 'client details: history', path: () => `/result/client/${pick(clientIds)}/history` },
    { label: '/performance', path: () => '/institution/performance' },
    { label: 'dashboard', path: () => `/institution/dashboard?period=${pick(['30d', '30d', '7d', '90d', '12m'])}` },
  ];
}

/**
 * What each call costs with nothing else running: ALONE_CALLS of it one after another, its median
 * time and the CPU the platform's process and PostgreSQL spent per call. Under 20 readers the
 * machine is saturated and every call waits for the others, so this says which calls the CPU goes to.
 */
async function eachCallAlone(platform: BenchPlatform, base: URL, token: string, calls: Call[]): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  console.log(`\nEach call alone (${ALONE_CALLS} times, one after another; PostgreSQL: the connections' processes, autovacuum left out)`);
  console.log(`  ${'call'.padEnd(30)} ${'median'.padStart(9)} ${'platform CPU'.padStart(13)} ${'PostgreSQL CPU'.padStart(15)}`);
  for (const call of calls) {
    const times: number[] = [];
    const before = { platform: cpuSeconds([platform.server.pid as number]), postgres: backendCpu(platform) };
    for (let index = 0; index < ALONE_CALLS; index++) {
      const sent = performance.now();
      const status = await get(base, agent, `/api${call.path()}`, token);
      if (status !== 200) throw new Error(`${call.label} answered ${status}`);
      times.push(performance.now() - sent);
    }
    const after = backendCpu(platform);
    // A connection that ended meanwhile is left out; one that started counts from nothing.
    let postgres = 0;
    for (const [pid, seconds] of after) postgres += seconds - (before.postgres.get(pid) ?? 0);
    const perCall = (spent: number) => `${((spent * 1000) / ALONE_CALLS).toFixed(1)} ms`;
    times.sort((x, y) => x - y);
    console.log(
      `  ${call.label.padEnd(30)} ${`${times[Math.floor(ALONE_CALLS / 2)].toFixed(1)} ms`.padStart(9)} ${perCall(cpuSeconds([platform.server.pid as number]) - before.platform).padStart(13)} ${(platform.database.dataDir ? perCall(postgres) : 'n/a').padStart(15)}`,
    );
  }
  agent.destroy();
}

/** CPU seconds so far of each of the embedded server's processes except autovacuum's (which runs when it will). */
function backendCpu(platform: BenchPlatform): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const pid of postgresPids(platform.database.dataDir)) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('autovacuum')) continue;
    } catch {
      continue;
    }
    cpu.set(pid, cpuSeconds([pid]));
  }
  return cpu;
}

/** Each token a reader looping one call after another (a random screen call) until `done`. */
async function read(base: URL, tokens: string[], calls: Call[], done: (elapsedMs: number) => boolean): Promise<Phase> {
  const agent = new Agent({ keepAlive: true, maxSockets: tokens.length });
  const stats = new Map<string, Stat>(calls.map((call) => [call.label, { times: [], refused: 0, failed: 0 }]));
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      while (!done(performance.now() - started)) {
        const call = calls[Math.floor(Math.random() * calls.length)];
        const sent = performance.now();
        const status = await get(base, agent, `/api${call.path()}`, token);
        const stat = stats.get(call.label) as Stat;
        if (status === 200) stat.times.push(performance.now() - sent);
        else if (status === 503) stat.refused++;
        else stat.failed++;
      }
    }),
  );
  agent.destroy();
  return { stats, seconds: (performance.now() - started) / 1000 };
}

/** One GET on a kept-alive connection, the body read and dropped (compressed, as a browser asks); 0 for a network error. */
function get(base: URL, agent: Agent, path: string, token: string): Promise<number> {
  return new Promise((resolve) => {
    const sent = request(
      {
        host: base.hostname,
        port: base.port,
        path,
        agent,
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' },
      },
      (response) => {
        response.on('error', () => resolve(0));
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.resume();
      },
    );
    sent.setTimeout(60_000, () => sent.destroy(new Error('timed out')));
    sent.on('error', () => resolve(0));
    sent.end();
  });
}

function report(title: string, phase: Phase, p95Target: number) {
  const ms = (value: number) => `${value.toFixed(0)} ms`.padStart(9);
  const row = (label: string, stat: Stat, judged: boolean) => {
    const sorted = [...stat.times].sort((x, y) => x - y);
    const at = (share: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] : Infinity);
    const mark = judged ? (at(0.95) < p95Target ? 'PASS' : 'MISS') : '';
    console.log(
      `  ${label.padEnd(30)} ${(sorted.length / phase.seconds).toFixed(1).padStart(8)} ${ms(at(0.5))} ${ms(at(0.95))} ${ms(at(0.99))} ${String(stat.refused).padStart(6)} ${String(stat.failed).padStart(7)}  ${mark}`,
    );
    return at(0.95);
  };
  console.log(`\n ${title} (${phase.seconds.toFixed(1)} s)`);
  console.log(
    `  ${'call'.padEnd(30)} ${'reads/s'.padStart(8)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'p99'.padStart(9)} ${'503s'.padStart(6)} ${'errors'.padStart(7)}  p95 < ${p95Target} ms`,
  );
  let worstP95 = 0;
  const all: Stat = { times: [], refused: 0, failed: 0 };
  for (const [label, stat] of phase.stats) {
    worstP95 = Math.max(worstP95, row(label, stat, true));
    all.times.push(...stat.times);
    all.refused += stat.refused;
    all.failed += stat.failed;
  }
  row('all', all, false);
  return { readsPerSecond: all.times.length / phase.seconds, worstP95, refused: all.refused };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const median = (values: readonly number[]) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)];

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
