import type { EventMetadata } from './metadata';

/** What an append expects of the stream: anything, that it does not exist yet, or an exact revision. */
export type ExpectedRevision = 'any' | 'no_stream' | bigint | number;

export type NewEvent<TType extends string = string, TData = unknown> = {
  id: string;
  type: TType;
  data: TData;
  metadata: EventMetadata;
};

export type RecordedEvent<TType extends string = string, TData = unknown> = {
  id: string;
  streamId: string;
  /** Position within the stream, from 0. */
  revision: number;
  /** Position in the global log, from 1, equal to commit order. */
  position: number;
  type: TType;
  schemaVersion: number;
  data: TData;
  metadata: EventMetadata;
  recordedAt: string;
};

export type AppendResult = {
  /** Global position of the last event appended (or of the original one, for an idempotent retry). */
  position: number;
  /** Stream revision after the append. */
  revision: number;
  /** False when every event id was already stored and nothing was written. */
  appended: boolean;
};

export type ReadAllOptions = { after?: number; maxCount?: number; types?: readonly string[] };

/** One page of the global log. `scannedUpTo` is the last position considered, matching or not. */
export type LogPage = { events: RecordedEvent[]; scannedUpTo: number };

export type SubscribeOptions = ReadAllOptions & { batchSize?: number; onError?: (error: unknown) => void };

/** Receives pages in log order; the next page is read only after the returned promise settles. */
export type PageHandler = (page: LogPage) => Promise<void> | void;

export type Subscription = { stop: () => Promise<void>; done: Promise<void> };

export type LogHead = { position: number; hash: string | null };

/** The event store port. The Postgres adapter is the embedded default; KurrentDB the scaled one. */
export type EventStore = {
  append(streamId: string, events: readonly NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult>;
  readStream(streamId: string, options?: { fromRevision?: number; maxCount?: number }): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<LogPage>;
  /** Catch-up from `after`, then live, delivering pages to the handler strictly in order. */
  subscribe(options: SubscribeOptions, handler: PageHandler): Subscription;
  head(): Promise<LogHead>;
  /** The global position of the latest event of these types at or below `atMost` (default the head); 0 when there is none. */
  lastPositionOf(types: readonly string[], atMost?: number): Promise<number>;
  close(): Promise<void>;
};
