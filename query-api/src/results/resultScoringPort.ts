import type { AuthenticatedUser, RequestMeta } from '@credit/events';

/** A version of an institution's model and parameters: the log position of the change that made it, and when that was. */
export type ModelVersion = { version: number; since: string | null };

/** Why a record does not score: a required variable with no value, or with a value it cannot read. */
export type ScoringProblem = { problem: 'missing' | 'unreadable'; variable: string; reason: string };

export type Rescored = { status: 'scored'; creditLimit: number; interestRate: number } | { status: 'rejected'; problems: ScoringProblem[] };

/** Scoring on demand, provided by the composition root (the query side itself holds no engine). */
export type ResultScoringPort = {
  explain: (input: {
    institutionId: number;
    modelVersion: number;
    headers: string[];
    batchId: number;
    chunk: number;
    chunkRow: number;
  }) => Promise<unknown>;
  /** Up to `count` chunks of a batch's accepted records from chunk `first`, as stored in the log, by chunk number. */
  batchChunks: (batchId: number, first: number, count: number) => Promise<Map<number, string[][]>>;
  maskedColumns: (input: { institutionId: number; modelVersion: number; headers: string[] }) => Promise<Set<number>>;
  /** The log position of the latest change to the model or to this institution's parameters. */
  currentModelVersion: (institutionId: number) => Promise<number>;
  /** The version in force at log position `atMost` (default: today's), with the time of the change that made it. */
  modelVersionAt: (institutionId: number, atMost?: number) => Promise<ModelVersion>;
  rescore: (input: {
    institutionId: number;
    headers: string[];
    rows: string[][];
    /** The log position whose model and parameters score; default `currentModelVersion`. */
    asOf?: number;
  }) => Promise<{ modelVersion: number; results: Rescored[] }>;
};

/** Records an export in the log (the audit trail's `export` action); the query side never appends itself. */
export type ExportRecorder = (
  user: AuthenticatedUser,
  meta: RequestMeta,
  details: { institutionId: number | null; batchId: number | null; rows: number; format: string },
) => Promise<void>;
