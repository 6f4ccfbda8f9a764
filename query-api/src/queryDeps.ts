import type { Knex } from 'knex';
import type { LogHead } from '@credit/events';
import type { ExportRecorder, ResultScoringPort } from './results/resultScoringPort';

export type QueryDeps = {
  knex: Knex;
  logHead: () => Promise<LogHead>;
  /** The latest position of some event types (the store's `lastPositionOf`). */
  lastPositionOf: (types: readonly string[], atMost?: number) => Promise<number>;
  readYourWritesTimeoutMs: number;
  scoring: ResultScoringPort;
  recordExport: ExportRecorder;
  /** The platform's version, shown in the admin's system information. */
  version?: string;
  /** The session secret: it also signs the short-lived URLs of institutions' logos. */
  secret: () => string;
};
