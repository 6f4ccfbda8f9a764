import type { ResultScoringPort } from './resultScoringPort';

/** Chunks read from the log at once: about 2 MB of records, read in one query instead of eight. */
const CHUNKS_PER_READ = 8;

/**
 * A batch's records read from the log a few chunks at a time, as its results ask for them: results
 * come in id order, which is chunk order, so each chunk is read about once and only a few are held.
 */
export function batchRecordReader(scoring: ResultScoringPort, batchId: number) {
  let window: { first: number; chunks: Promise<Map<number, string[][]>> } | null = null;
  return async (chunk: number, row: number): Promise<string[] | undefined> => {
    if (!window || chunk < window.first || chunk >= window.first + CHUNKS_PER_READ) {
      window = { first: chunk, chunks: scoring.batchChunks(batchId, chunk, CHUNKS_PER_READ) };
    }
    return (await window.chunks).get(chunk)?.[row];
  };
}
