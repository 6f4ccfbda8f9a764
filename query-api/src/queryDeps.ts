import type { Knex } from 'knex';
import type { ChainedLog, LogHead } from '@credit/events';
import type { AnalyticsConnection } from '@credit/projectors/src/readModels';
import type { CompliancePort } from './compliance/compliancePort';
import type { SlowReads } from './boundedReads';
import type { StaleReads } from './readYourWrites';
import type { ReadShare } from './readShare';
import type { ExportRecorder, ResultScoringPort } from './results/resultScoringPort';

export type QueryDeps = {
  knex: Knex;
  logHead: () => Promise<LogHead>;
  /** The latest position of some event types (the store's `lastPositionOf`). */
  lastPositionOf: (types: readonly string[], atMost?: number) => Promise<number>;
  readYourWritesTimeoutMs: number;
  /** The event types each projection reads, so a query waits only for the writes its projections apply. */
  projectionEventTypes?: ReadonlyMap<string, readonly string[]>;
  /** Queries answered 503 because the projections were still behind; created by the query router when absent. */
  staleReads?: StaleReads;
  /** Reads stopped at the query connections' statement_timeout (504); created by the query router when absent. */
  slowReads?: SlowReads;
  readShare?: ReadShare;
  /** Each caller's running places now (from readShare, set by the query router): `/health` shows it. */
  readPlaces?: () => number;
  scoring: ResultScoringPort;
  /** Time travel and batch replays, read from the log. */
  compliance: CompliancePort;
  /** The hash-chained log's head, verification and extracts; null when the events are in KurrentDB. */
  chainedLog: ChainedLog | null;
  recordExport: ExportRecorder;
  /** The platform's version, shown in the admin's system information. */
  version?: string;
  /** The session secret: it also signs the short-lived URLs of institutions' logos. */
  secret: () => string;
  /** Where issued database roles connect (README, "The analytics schema"); absent: no database access is offered. */
  analyticsConnection?: AnalyticsConnection;
};
