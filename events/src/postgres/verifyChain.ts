import { hash as sha } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { Client } from 'pg';
import { copyRowsOut } from './copyOut';
import { GENESIS_HASH } from './migrations';

export type ChainVerdict =
  | { ok: true; position: number; hash: string | null }
  | { ok: false; brokenAt: number; reason: string; head: { position: number; hash: string } };

export type VerifyProgress = { checked: number; total: number };

export type VerifyOptions = {
  /** Called as the check goes (about every 50 000 events, and once at the end) with how far it has gone. */
  onProgress?: (progress: VerifyProgress) => void;
  /** Ranges checked at once, each in a thread of its own (default: one per CPU, at most 4; 1 below 200 000 events). */
  parallel?: number;
};

/** One range of positions, checked from the stored hash of the event before it, in a given snapshot. */
export type RangeTask = { connectionString: string; snapshot: string; from: number; to: number };
export type RangeVerdict = { checked: number; broken: { brokenAt: number; reason: string } | null };

const HASH_LENGTH = 64;
const PROGRESS_EVERY = 50_000;
const PARALLEL_FROM = 200_000;
const WORKER = join(__dirname, 'verifyWorker.cjs');

/**
 * Each row as hashChain.ts hashes it: 64 placeholder bytes (overwritten with the previous hash), a
 * newline, then every stored field joined by U+001F, each as PostgreSQL writes it as text, which is how
 * the store wrote them: bigint and integer in decimal, the uuid in lowercase, the json columns as the
 * very text appended (a `json` column keeps its input text), recorded_at as the ISO text it is.
 */
const chainRows = (from: number, to: number) => `
  SELECT position,
         repeat('0', ${HASH_LENGTH}) || chr(10) ||
           concat_ws(chr(31), position, event_id, stream_id, stream_revision, type, schema_version, data::text, metadata::text, recorded_at),
         hash
    FROM events WHERE position BETWEEN ${from} AND ${to} ORDER BY events.position`;

/**
 * Recomputes the SHA-256 chain over the whole log and reports the first position that does not match.
 *
 * One snapshot (a repeatable-read transaction, exported to every range's connection) holds the head
 * and every event, so appends made during the check neither race it nor break it: it checks the log
 * as it stood when it began, and an event past the head in that snapshot is reported (the head and
 * the log disagree). Rows come through a binary COPY and each is hashed from its bytes as they arrive,
 * in one SHA-256 call per event.
 *
 * A large log is cut into ranges checked at once, each in a worker thread with its own connection.
 * A range starts from the *stored* hash of the event before it and compares every recomputed hash
 * with the stored one, so the first position where any range finds a difference is exactly where a
 * check from the first event would stop: up to there every stored hash equals the recomputed one,
 * the stored hash each range started from included.
 */
export async function verifyChain(connectionString: string, options: VerifyOptions = {}): Promise<ChainVerdict> {
  const client = new Client({ connectionString });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ position: string; hash: string; last: string | null; snapshot: string }>(
      `SELECT position, hash, (SELECT max(position) FROM events) AS last, pg_export_snapshot() AS snapshot
         FROM event_log_head WHERE id = 1`,
    );
    const head = { position: Number(rows[0].position), hash: rows[0].hash };
    const last = Number(rows[0].last ?? 0);
    const total = Math.max(head.position, last);
    const parallel = Math.max(1, options.parallel ?? (last < PARALLEL_FROM ? 1 : Math.min(4, availableParallelism())));
    const size = Math.ceil(last / parallel);
    const tasks: RangeTask[] = [];
    for (let from = 1; from <= last; from += size)
      tasks.push({ connectionString, snapshot: rows[0].snapshot, from, to: Math.min(last, from + size - 1) });

    const checked = tasks.map(() => 0);
    const report = () => options.onProgress?.({ checked: checked.reduce((sum, count) => sum + count, 0), total });
    const verdicts = await Promise.all(
      tasks.map((task, index) => {
        const progress = (count: number) => {
          checked[index] = count;
          report();
        };
        return tasks.length === 1 ? verifyRange(client, task, progress) : verifyInWorker(task, progress);
      }),
    );
    const stored =
      last === 0 ? null : (await client.query<{ hash: string }>('SELECT hash FROM events WHERE position = $1', [last])).rows[0].hash;
    await client.query('COMMIT');

    const broken = verdicts.find((verdict) => verdict.broken !== null)?.broken;
    if (broken) return { ok: false, ...broken, head };
    if (last !== head.position)
      return {
        ok: false,
        brokenAt: Math.min(last, head.position) + 1,
        reason: `the log head says ${head.position} but the log ends at ${last}`,
        head,
      };
    if (stored === null) return { ok: true, position: 0, hash: null };
    if (head.hash !== stored) return { ok: false, brokenAt: last, reason: 'the log head hash does not match the last event', head };
    return { ok: true, position: last, hash: stored };
  } finally {
    await client.end();
  }
}

/** Checks one range in a connection already inside the snapshot. */
export async function verifyRange(client: Client, task: RangeTask, onChecked?: (checked: number) => void): Promise<RangeVerdict> {
  let previousHash = GENESIS_HASH;
  if (task.from > 1) {
    const before = await client.query<{ hash: string }>('SELECT hash FROM events WHERE position = $1', [task.from - 1]);
    // A missing event before the range is reported by the range that holds its position.
    if (before.rows.length === 0)
      return { checked: 0, broken: { brokenAt: task.from - 1, reason: `event at position ${task.from - 1} is missing` } };
    previousHash = before.rows[0].hash;
  }
  let expected = task.from;
  let broken: RangeVerdict['broken'] = null;
  await copyRowsOut(client, chainRows(task.from, task.to), ({ buffer, starts, ends }) => {
    if (broken) return;
    const position = Number(buffer.readBigInt64BE(starts[0]));
    if (position !== expected) {
      broken = { brokenAt: expected, reason: `event at position ${expected} is missing` };
      return;
    }
    buffer.write(previousHash, starts[1], HASH_LENGTH, 'latin1');
    const hash = sha('sha256', buffer.subarray(starts[1], ends[1]), 'hex');
    if (ends[2] - starts[2] !== HASH_LENGTH || buffer.toString('latin1', starts[2], ends[2]) !== hash) {
      broken = { brokenAt: position, reason: 'stored hash does not match the recomputed one' };
      return;
    }
    previousHash = hash;
    expected += 1;
    if (onChecked && (position - task.from + 1) % PROGRESS_EVERY === 0) onChecked(position - task.from + 1);
  });
  if (!broken && expected <= task.to) broken = { brokenAt: expected, reason: `event at position ${expected} is missing` };
  onChecked?.(expected - task.from);
  return { checked: expected - task.from, broken };
}

/** In a worker's own connection, inside the exported snapshot (verifyWorker.cjs). */
export async function verifyRangeInSnapshot(task: RangeTask, onChecked: (checked: number) => void): Promise<RangeVerdict> {
  const client = new Client({ connectionString: task.connectionString });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query(`SET TRANSACTION SNAPSHOT '${task.snapshot.replace(/[^0-9A-F-]/gi, '')}'`);
    const verdict = await verifyRange(client, task, onChecked);
    await client.query('COMMIT');
    return verdict;
  } finally {
    await client.end();
  }
}

function verifyInWorker(task: RangeTask, onChecked: (checked: number) => void): Promise<RangeVerdict> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: task });
    let settled = false;
    worker.on('message', (message: { checked?: number; verdict?: RangeVerdict; failed?: string }) => {
      if (message.checked !== undefined) onChecked(message.checked);
      if (message.verdict) {
        settled = true;
        resolve(message.verdict);
      }
      if (message.failed) {
        settled = true;
        reject(new Error(message.failed));
      }
    });
    worker.on('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`the verification thread stopped (exit ${code})`));
    });
  });
}
