import { PassThrough, type Readable } from 'node:stream';
import { Pool, escapeLiteral, type PoolClient } from 'pg';
import { EXTRACT_WITHHELD_TYPES } from '../domain/complianceEvents';
import { NotFoundError, ValidationError } from '../errors';
import { copyRowsOut } from './copyOut';
import { browseEvents, storedEvent, type EventBrowserQuery, type EventPage, type StoredEvent } from './eventBrowser';
import { GENESIS_HASH } from './migrations';
import { verifyChain, type ChainVerdict, type VerifyOptions } from './verifyChain';

/** The log's head as its head row says it, and how many events the log holds. */
export type ChainedHead = { position: number; hash: string | null; eventCount: number };

/** What to extract: one stream's events, or a range of global positions (both ends included). */
export type ExtractScope = { stream: string } | { from: number; to: number };

/**
 * The proofs a hash-chained event log offers the compliance console: its head, a full verification,
 * and extracts that can be checked offline (`tools/verify-extract.mjs`). Only the PostgreSQL log is
 * chained; with KurrentDB as the event store there is none.
 */
export type ChainedLog = {
  head: () => Promise<ChainedHead>;
  verify: (options?: VerifyOptions) => Promise<ChainVerdict>;
  /** The extract as JSON Lines; refuses (404) a stream without events and (400) a range past the head. */
  extract: (scope: ExtractScope) => Promise<Readable>;
  /** The event browser's pages (keyset by position) and one stored event with its hash and the one before it. */
  browse: (query: EventBrowserQuery) => Promise<EventPage>;
  event: (position: number) => Promise<StoredEvent | null>;
  close: () => Promise<void>;
};

export const EXTRACT_FORMAT = 'credit-intelligence-platform/log-extract';
export const EXTRACT_VERSION = 1;
const HASH_FUNCTION =
  'sha256_hex(previousHash + "\\n" + [position, eventId, streamId, revision, type, schemaVersion, data, metadata, recordedAt].join("\\u001f")) over UTF-8';
const NEWLINE = Buffer.from('\n');
const FLUSH_BYTES = 256 * 1024;

const withheldTypes = Object.keys(EXTRACT_WITHHELD_TYPES);
const typeList = withheldTypes.map((type) => escapeLiteral(type)).join(', ');

/**
 * One JSON line per event, built by PostgreSQL (no value is decoded in Node): data and metadata are the
 * JSON texts exactly as stored and hashed, as JSON strings, so a checker hashes the very text; the
 * payload of a type carrying password material is null, `withheld` says why.
 */
const lineOf = (previous: string) => `json_build_object(
    'position', e.position, 'eventId', e.event_id, 'streamId', e.stream_id, 'revision', e.stream_revision,
    'type', e.type, 'schemaVersion', e.schema_version,
    'data', CASE WHEN e.type IN (${typeList}) THEN NULL ELSE e.data::text END,
    'metadata', e.metadata::text, 'recordedAt', e.recorded_at,
    'previousHash', ${previous}, 'hash', e.hash::text,
    'withheld', CASE ${withheldTypes.map((type) => `WHEN e.type = ${escapeLiteral(type)} THEN ${escapeLiteral(EXTRACT_WITHHELD_TYPES[type])}`).join(' ')} END
  )::text`;

export class PostgresChainedLog implements ChainedLog {
  private readonly pool: Pool;

  constructor(private readonly connectionString: string) {
    this.pool = new Pool({ connectionString, max: 4 });
    this.pool.on('error', () => undefined);
  }

  async head(): Promise<ChainedHead> {
    const { rows } = await this.pool.query<{ position: string; hash: string; events: string }>(
      'SELECT position, hash, (SELECT count(*) FROM events) AS events FROM event_log_head WHERE id = 1',
    );
    const position = Number(rows[0].position);
    return { position, hash: position === 0 ? null : rows[0].hash, eventCount: Number(rows[0].events) };
  }

  verify(options?: VerifyOptions): Promise<ChainVerdict> {
    return verifyChain(this.connectionString, options);
  }

  async extract(scope: ExtractScope): Promise<Readable> {
    if (
      'from' in scope &&
      !(Number.isSafeInteger(scope.from) && Number.isSafeInteger(scope.to) && scope.from >= 1 && scope.to >= scope.from)
    )
      throw new ValidationError('A range runs from a position of 1 or more to a position no smaller');
    const client = await this.pool.connect();
    try {
      // One snapshot for the header and the lines: appends made meanwhile are not half in it.
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const head = (await client.query<{ position: string; hash: string }>('SELECT position, hash FROM event_log_head WHERE id = 1'))
        .rows[0];
      const headPosition = Number(head.position);
      const planned = 'stream' in scope ? await this.streamPlan(client, scope.stream) : await this.rangePlan(client, scope, headPosition);
      const header = {
        format: EXTRACT_FORMAT,
        version: EXTRACT_VERSION,
        scope,
        events: planned.events,
        previousHash: planned.previousHash,
        head: { position: headPosition, hash: headPosition === 0 ? null : head.hash },
        extractedAt: new Date().toISOString(),
        hashFunction: HASH_FUNCTION,
        withheld: EXTRACT_WITHHELD_TYPES,
      };
      const output = new PassThrough();
      output.write(`${JSON.stringify(header)}\n`);
      void this.copyLines(client, planned.query, output).then(
        () => {
          client.release();
          output.end();
        },
        (error: unknown) => {
          client.release(true);
          output.destroy(error instanceof Error ? error : new Error(String(error)));
        },
      );
      return output;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
      throw error;
    }
  }

  browse(query: EventBrowserQuery): Promise<EventPage> {
    return browseEvents(this.pool, query);
  }

  event(position: number): Promise<StoredEvent | null> {
    return storedEvent(this.pool, position);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  private async streamPlan(client: PoolClient, stream: string) {
    const { rows } = await client.query<{ events: string }>('SELECT count(*) AS events FROM events WHERE stream_id = $1', [stream]);
    const events = Number(rows[0].events);
    if (events === 0) throw new NotFoundError(`No events in stream ${stream}`);
    // A stream's events are not contiguous in the chain: each line carries the stored hash of the
    // event just before it in the log, so each can be checked alone.
    const query = `SELECT ${lineOf(`coalesce(p.hash::text, CASE WHEN e.position = 1 THEN '${GENESIS_HASH}' END)`)}
                     FROM events e LEFT JOIN events p ON p.position = e.position - 1
                    WHERE e.stream_id = ${escapeLiteral(stream)} ORDER BY e.position`;
    return { events, previousHash: null, query };
  }

  private async rangePlan(client: PoolClient, scope: { from: number; to: number }, head: number) {
    if (scope.to > head) throw new ValidationError(`The log ends at position ${head}: "to" must be at most that`);
    const before = await client.query<{ hash: string }>('SELECT hash FROM events WHERE position = $1', [scope.from - 1]);
    const previousHash = scope.from === 1 ? GENESIS_HASH : (before.rows[0]?.hash ?? null);
    const query = `SELECT ${lineOf(`coalesce(e.previous, ${previousHash === null ? 'NULL' : escapeLiteral(previousHash)})`)}
                     FROM (SELECT *, lag(hash::text) OVER (ORDER BY position) AS previous
                             FROM events WHERE position BETWEEN ${scope.from - 1} AND ${scope.to}) e
                    WHERE e.position >= ${scope.from} ORDER BY e.position`;
    return { events: scope.to - scope.from + 1, previousHash, query };
  }

  /** Copies the lines out in chunks, waiting while the reader is slow and stopping when it has gone. */
  private async copyLines(client: PoolClient, query: string, output: PassThrough): Promise<void> {
    let parts: Buffer[] = [];
    let size = 0;
    const flush = async () => {
      if (size === 0) return;
      if (output.destroyed) throw new Error('the extract was abandoned by its reader');
      const writable = output.write(Buffer.concat(parts, size));
      parts = [];
      size = 0;
      if (!writable)
        await new Promise<void>((resolve) => {
          const go = () => {
            output.off('drain', go);
            output.off('close', go);
            resolve();
          };
          output.on('drain', go);
          output.on('close', go);
        });
    };
    await copyRowsOut(
      client,
      query,
      ({ buffer, starts, ends }) => {
        parts.push(Buffer.from(buffer.subarray(starts[0], ends[0])), NEWLINE);
        size += ends[0] - starts[0] + 1;
      },
      () => (size >= FLUSH_BYTES ? flush() : undefined),
    );
    await flush();
    await client.query('COMMIT');
  }
}
