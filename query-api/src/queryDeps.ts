import type { Knex } from 'knex';
import type { LogHead } from '@credit/events';
import type { ExportRecorder, ResultScoringPort } from './results/resultScoringPort';

export type QueryDeps = {
  knex: Knex;
  logHead: () => Promise<LogHead>;
  readYourWritesTimeoutMs: number;
  scoring: ResultScoringPort;
  recordExport: ExportRecorder;
  /** The platform's version, shown in the admin's system information. */
  version?: string;
};
