import type { BatchRow } from '@credit/projectors/src/readModels';
import type { ResultScoringPort } from './resultScoringPort';

/** What stands for a masked variable's value wherever a batch's records are shown (the export, the event browser). */
export const MASK = '••••';

/**
 * The columns of a batch's file whose values are never shown: those of variables marked masked in
 * the model (and the institution's parameters) the batch was scored under. The one rule the result
 * export and the event browser both mask records by.
 */
export const maskedColumnsOf = (scoring: Pick<ResultScoringPort, 'maskedColumns'>, batch: BatchRow): Promise<Set<number>> =>
  scoring.maskedColumns({ institutionId: batch.institution_id, modelVersion: Number(batch.model_version), headers: batch.headers });

/** A record's cells with the masked columns' values replaced by `MASK`. */
export const maskCells = (cells: readonly string[], masked: ReadonlySet<number>): string[] =>
  cells.map((cell, index) => (masked.has(index) ? MASK : cell));
