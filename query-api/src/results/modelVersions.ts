import type { ModelVersion, ResultScoringPort } from './resultScoringPort';

/**
 * The version a batch (and each of its results) was scored under, as every page names it: the change
 * to the model or the institution's parameters in force at the upload's log position, with its date —
 * never the upload's own position. The compare and client details both ask here.
 */
export function versionScoredUnder(
  scoring: Pick<ResultScoringPort, 'modelVersionAt'>,
  institutionId: number,
  modelVersion: number | string,
): Promise<ModelVersion> {
  return scoring.modelVersionAt(institutionId, Number(modelVersion));
}
