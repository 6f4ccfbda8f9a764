import {
  ANY,
  BACKWARDS,
  END,
  excludeSystemEvents,
  eventTypeFilter,
  FORWARDS,
  jsonEvent,
  KurrentDBClient,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AppendStreamState,
  type ReadPosition,
} from '@kurrent/kurrentdb-client';
import type { EventCatalogue } from '../catalogue';
import { ConcurrencyError, ValidationError } from '../errors';
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
import { pollingWaiter, runSubscription } from '../subscriptionLoop';

/** Our expected revision in the client's terms (its option is `streamState`). */
export function streamStateOf(expected: ExpectedRevision): AppendStreamState {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  return BigInt(expected);
}

/** KurrentDB's global position is its commit position: increasing, not dense. */
export const positionOf = (commit: bigint | undefined): number => (commit === undefined ? 0 : Number(commit));

/** Reading $all from a position includes it; our `after` excludes it. */
export function readPositionAfter(after: number): ReadPosition {
  return after <= 0 ? START : { commit: BigInt(after), prepare: BigInt(after) };
}

type StoredMetadata = EventMetadata & { schemaVersion: number };

/**
 * The event store of a scaled deployment: KurrentDB (EventStoreDB) through the official client.
 * It passes the same contract suite as the PostgreSQL adapter (run when KURRENTDB_URL is set);
 * KurrentDB keeps its own immutable log, so there is no hash chain of ours to verify.
 */
export class KurrentEventStore implements EventStore {
  private readonly client: KurrentDBClient;
  private readonly subscriptions = new Set<Subscription>();

  constructor(private readonly options: { connectionString: string; catalogue: EventCatalogue; pollIntervalMs?: number }) {
    this.client = KurrentDBClient.connectionString(options.connectionString);
  }

  async append(
    streamId: string,
    events: readonly NewEvent[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new ValidationError('Nothing to append');
    const prepared = events.map((event) => {
      const { id, type, data, metadata, schemaVersion } = prepareEvent(this.options.catalogue, event);
      const stored: StoredMetadata = { ...metadata, schemaVersion };
      return jsonEvent({ id, type, data: data as never, metadata: stored as never });
    });
    const already = await this.storedIds(streamId, events.length);
    const found = prepared.map((event) => already.get(event.id)).filter((event) => event !== undefined);
    if (found.length === prepared.length) {
      const last = found[found.length - 1];
      return { position: last.position, revision: last.revision, appended: false };
    }
    const expected = options.expectedRevision ?? 'any';
    try {
      const result = await this.client.appendToStream(streamId, prepared, { streamState: streamStateOf(expected) });
      return { position: positionOf(result.position?.commit), revision: Number(result.nextExpectedRevision), appended: true };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        throw new ConcurrencyError(streamId, String(expected), String(error.actualState));
      }
      throw error;
    }
  }

  async readStream(streamId: string, options: { fromRevision?: number; maxCount?: number } = {}): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: options.fromRevision ? BigInt(options.fromRevision) : START,
        direction: FORWARDS,
        maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
      })) {
        if (resolved.event) events.push(this.decode(resolved.event, resolved.commitPosition));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<LogPage> {
    const after = options.after ?? 0;
    const maxCount = options.maxCount ?? 1000;
    const head = (await this.head()).position;
    if (head <= after) return { events: [], scannedUpTo: after };
    const filter = options.types ? eventTypeFilter({ regex: `^(${options.types.map(escapeRegex).join('|')})$` }) : excludeSystemEvents();
    const events: RecordedEvent[] = [];
    for await (const resolved of this.client.readAll({
      fromPosition: readPositionAfter(after),
      direction: FORWARDS,
      maxCount: maxCount + 1,
      filter,
    })) {
      const position = positionOf(resolved.commitPosition);
      if (!resolved.event || position <= after) continue;
      if (position > head || events.length === maxCount) break;
      events.push(this.decode(resolved.event, resolved.commitPosition));
    }
    const scannedUpTo = events.length === maxCount ? events[events.length - 1].position : head;
    return { events, scannedUpTo };
  }

  subscribe(options: SubscribeOptions, handler: PageHandler): Subscription {
    const subscription = runSubscription(options, handler, {
      readAll: (page) => this.readAll(page),
      waiter: pollingWaiter(),
      pollIntervalMs: this.options.pollIntervalMs ?? 200,
      forget: (stopped) => this.subscriptions.delete(stopped),
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  async head(): Promise<LogHead> {
    for await (const resolved of this.client.readAll({
      fromPosition: END,
      direction: BACKWARDS,
      maxCount: 1,
      filter: excludeSystemEvents(),
    })) {
      return { position: positionOf(resolved.commitPosition), hash: null };
    }
    return { position: 0, hash: null };
  }

  async lastPositionOf(types: readonly string[], atMost?: number): Promise<number> {
    const filter = eventTypeFilter({ regex: `^(${types.map(escapeRegex).join('|')})$` });
    for await (const resolved of this.client.readAll({ fromPosition: END, direction: BACKWARDS, filter })) {
      const position = positionOf(resolved.commitPosition);
      if (resolved.event && (atMost === undefined || position <= atMost)) return position;
    }
    return 0;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await this.client.dispose();
  }

  /** Where the stream's recent events stand, by id, so a retried append can answer with the original positions. */
  private async storedIds(streamId: string, count: number): Promise<Map<string, { position: number; revision: number }>> {
    const found = new Map<string, { position: number; revision: number }>();
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: END,
        direction: BACKWARDS,
        maxCount: Math.max(count, 64),
      })) {
        if (resolved.event) {
          found.set(resolved.event.id, { position: positionOf(resolved.commitPosition), revision: Number(resolved.event.revision) });
        }
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return found;
  }

  private decode(
    event: { id: string; streamId: string; revision: bigint; type: string; data: unknown; metadata: unknown; created: Date },
    commit: bigint | undefined,
  ): RecordedEvent {
    const { schemaVersion, ...metadata } = event.metadata as StoredMetadata;
    return {
      id: event.id,
      streamId: event.streamId,
      revision: Number(event.revision),
      position: positionOf(commit),
      type: event.type,
      schemaVersion,
      data: this.options.catalogue.read(event.type, schemaVersion, event.data),
      metadata,
      recordedAt: event.created.toISOString(),
    };
  }
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
