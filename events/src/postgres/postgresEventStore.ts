import { Client, Pool } from 'pg';
import type { EventCatalogue } from '../catalogue';
import { ConcurrencyError, ConflictError, ValidationError } from '../errors';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  LogHead,
  LogPage,
  NewEvent,
  PageHandler,
  ReadAllOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '../eventStore';
import type { EventMetadata } from '../metadata';
import { prepareEvent } from '../preparedEvent';
import { chainHash } from './hashChain';
import { runSubscription } from '../subscriptionLoop';
import { LogNotifier } from './logNotifier';

export type PostgresEventStoreOptions = {
  connectionString: string;
  catalogue: EventCatalogue;
  poolSize?: number;
  /** Fallback polling interval for subscriptions when no notification arrives. */
  pollIntervalMs?: number;
};

const NOTIFY_CHANNEL = 'event_log';
const COLUMNS = 'position, event_id, stream_id, stream_revision, type, schema_version, data, metadata, recorded_at';
const EVENTS_PER_STATEMENT = 1000;
const ROW_CASTS = ['::bigint', '::uuid', '::text', '::bigint', '::text', '::int', '::json', '::json', '::text', '::char(64)'];

type EventRow = {
  position: string;
  event_id: string;
  stream_id: string;
  stream_revision: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: unknown;
  recorded_at: string;
};

/**
 * The embedded default event store. Appends are serialised by locking the single log-head row,
 * so global positions are handed out in commit order and a reader can never see position n+1
 * before n: a subscriber cannot skip an event that commits late. The same lock gives each event
 * the previous event's hash for the SHA-256 chain.
 */
export class PostgresEventStore implements EventStore {
  private readonly pool: Pool;
  private readonly notifier: LogNotifier;
  private readonly subscriptions = new Set<Subscription>();

  constructor(private readonly options: PostgresEventStoreOptions) {
    this.pool = new Pool({ connectionString: options.connectionString, max: options.poolSize ?? 10 });
    this.pool.on('error', () => undefined);
    this.notifier = new LogNotifier(() => new Client({ connectionString: options.connectionString }), NOTIFY_CHANNEL);
  }

  async append(
    streamId: string,
    events: readonly NewEvent[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new ValidationError('Nothing to append');
    const prepared = events.map((event) => prepareEvent(this.options.catalogue, event));
    const ids = prepared.map((event) => event.id);
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      // Lock the head first; the look-ups below are a new statement, so (read committed) they see
      // everything the previous lock holder committed. In the same statement they would not.
      const locked = await client.query<{ position: string; hash: string }>(
        'SELECT position, hash FROM event_log_head WHERE id = 1 FOR UPDATE',
      );
      const state = await client.query<{ revision: string | null; stored: { position: string; revision: string }[] | null }>(
        `SELECT (SELECT max(stream_revision) FROM events WHERE stream_id = $2) AS revision,
                (SELECT json_agg(json_build_object('position', position, 'revision', stream_revision) ORDER BY position)
                   FROM events WHERE event_id = ANY($1::uuid[])) AS stored`,
        [ids, streamId],
      );
      const head = { ...locked.rows[0], ...state.rows[0] };
      if (head.stored) {
        await client.query('ROLLBACK');
        if (head.stored.length !== ids.length) {
          throw new ConflictError('Some of these events were already stored by a different append');
        }
        const last = head.stored[head.stored.length - 1];
        return { position: Number(last.position), revision: Number(last.revision), appended: false };
      }
      const currentRevision = head.revision === null ? -1 : Number(head.revision);
      checkExpectedRevision(streamId, options.expectedRevision ?? 'any', currentRevision);

      let previousHash = head.hash;
      let position = Number(head.position);
      const recordedAt = new Date().toISOString();
      const values: unknown[] = [];
      prepared.forEach((event, index) => {
        position += 1;
        const revision = currentRevision + 1 + index;
        const hash = chainHash(previousHash, {
          position,
          eventId: event.id,
          streamId,
          revision,
          type: event.type,
          schemaVersion: event.schemaVersion,
          dataJson: event.dataJson,
          metadataJson: event.metadataJson,
          recordedAt,
        });
        const row = [
          position,
          event.id,
          streamId,
          revision,
          event.type,
          event.schemaVersion,
          event.dataJson,
          event.metadataJson,
          recordedAt,
          hash,
        ];
        values.push(...row);
        previousHash = hash;
      });
      // One parameter per value (not arrays): large JSON payloads then need no array-literal escaping.
      // Groups keep each statement under PostgreSQL's 65 535 parameters; the last one also moves the head.
      for (let first = 0; first < prepared.length; first += EVENTS_PER_STATEMENT) {
        const count = Math.min(EVENTS_PER_STATEMENT, prepared.length - first);
        const params = values.slice(first * ROW_CASTS.length, (first + count) * ROW_CASTS.length);
        const rows = Array.from(
          { length: count },
          (_, row) => `(${ROW_CASTS.map((cast, column) => `$${row * ROW_CASTS.length + column + 1}${cast}`).join(', ')})`,
        );
        const insert = `INSERT INTO events (${COLUMNS}, hash) VALUES ${rows.join(', ')}`;
        if (first + count < prepared.length) {
          await client.query(insert, params);
          continue;
        }
        const next = params.length;
        await client.query(
          `WITH appended AS (${insert}), moved AS (
             UPDATE event_log_head SET position = $${next + 1}, hash = $${next + 2} WHERE id = 1
           )
           SELECT pg_notify($${next + 3}, $${next + 1}::text)`,
          [...params, position, previousHash, NOTIFY_CHANNEL],
        );
      }
      await client.query('COMMIT');
      return { position, revision: currentRevision + prepared.length, appended: true };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw translateUniqueViolation(error);
    } finally {
      client.release();
    }
  }

  async readStream(streamId: string, options: { fromRevision?: number; maxCount?: number } = {}): Promise<RecordedEvent[]> {
    // Prepared once per connection: every request reads its account's stream, and planning this
    // statement cost PostgreSQL more than running it (README, "Prepared statements").
    const result = await this.pool.query<EventRow>({
      name: 'read-stream',
      text: `SELECT ${COLUMNS} FROM events WHERE stream_id = $1 AND stream_revision >= $2 ORDER BY stream_revision LIMIT $3`,
      values: [streamId, options.fromRevision ?? 0, options.maxCount ?? 1_000_000],
    });
    return result.rows.map((row) => this.decode(row));
  }

  async readAll(options: ReadAllOptions = {}): Promise<LogPage> {
    const after = options.after ?? 0;
    const maxCount = options.maxCount ?? 1000;
    // The head is read first: every event at or below it has committed, so the page has no holes.
    const head = Number((await this.pool.query<{ position: string }>('SELECT position FROM event_log_head WHERE id = 1')).rows[0].position);
    if (head <= after) return { events: [], scannedUpTo: after };
    const filter = options.types ? 'AND type = ANY($4::text[])' : '';
    const params: unknown[] = [after, head, maxCount];
    if (options.types) params.push(options.types);
    const result = await this.pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE position > $1 AND position <= $2 ${filter} ORDER BY position LIMIT $3`,
      params,
    );
    const events = result.rows.map((row) => this.decode(row));
    const scannedUpTo = events.length === maxCount ? events[events.length - 1].position : head;
    return { events, scannedUpTo };
  }

  subscribe(options: SubscribeOptions, handler: PageHandler): Subscription {
    const subscription = runSubscription(options, handler, {
      readAll: (page) => this.readAll(page),
      waiter: this.notifier.waiter(),
      pollIntervalMs: this.options.pollIntervalMs ?? 1000,
      forget: (stopped) => this.subscriptions.delete(stopped),
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  async head(): Promise<LogHead> {
    const row = (await this.pool.query<{ position: string; hash: string }>('SELECT position, hash FROM event_log_head WHERE id = 1'))
      .rows[0];
    return { position: Number(row.position), hash: Number(row.position) === 0 ? null : row.hash };
  }

  async lastPositionOf(types: readonly string[], atMost?: number): Promise<number> {
    // Below the head only: an event past it may still be committing.
    const head = atMost ?? (await this.head()).position;
    const result = await this.pool.query<{ position: string | null }>(
      'SELECT max(position) AS position FROM events WHERE type = ANY($1::text[]) AND position <= $2',
      [types, head],
    );
    return Number(result.rows[0].position ?? 0);
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await this.notifier.close();
    await this.pool.end();
  }

  private decode(row: EventRow): RecordedEvent {
    return {
      id: row.event_id,
      streamId: row.stream_id,
      revision: Number(row.stream_revision),
      position: Number(row.position),
      type: row.type,
      schemaVersion: row.schema_version,
      data: this.options.catalogue.read(row.type, row.schema_version, row.data),
      metadata: row.metadata as EventMetadata,
      recordedAt: row.recorded_at,
    };
  }
}

function checkExpectedRevision(streamId: string, expected: ExpectedRevision, actual: number): void {
  if (expected === 'any') return;
  const wanted = expected === 'no_stream' ? -1 : Number(expected);
  if (wanted !== actual) {
    throw new ConcurrencyError(
      streamId,
      expected === 'no_stream' ? 'no stream' : String(expected),
      actual === -1 ? 'no stream' : String(actual),
    );
  }
}

/** Appends are serialised, so a unique violation can only be a concurrent idempotent retry racing the lock. */
function translateUniqueViolation(error: unknown): unknown {
  if (typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505') {
    return new ConflictError('This event was already stored');
  }
  return error;
}
