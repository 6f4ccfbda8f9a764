import type { ResultScoringPort } from './resultScoringPort';

/**
 * A batch's records read from the log one chunk at a time, as its results ask for them: results
 * come in id order, which is chunk order, so each chunk is read about once and only one is held.
 */
export function batchRecordReader(scoring: ResultScoringPort, batchId: number) {
  let current: { chunk: number; rows: Promise<string[][]> } | null = null;
  return async (chunk: number, row: number): Promise<string[] | undefined> => {
    if (current?.chunk !== chunk) current = { chunk, rows: scoring.batchChunk(batchId, chunk) };
    return (await current.rows)[row];
  };
}
