import type { ResultScoringPort } from './resultScoringPort';

/** Chunks read from the log at once by a walk of the whole batch: about 1 MB of records, read in one query instead of eight. */
export const CHUNKS_PER_WALK = 8;

type Window = { first: number; chunks: Promise<Map<number, string[][]>> };

/**
 * A batch's records, chunk by chunk, read from the log a few chunks at a time, as its results ask for them: results
 * come in id order, which is chunk order, so each chunk is read about once and only a few are held.
 * With `readAhead` (a whole batch read in order, as an export does) the next window is read meanwhile,
 * so the log is read while lines are written out. A page of a few rows (a compare page) reads
 * `chunksPerRead: 1`, the chunks its rows are in: eight chunks for ten rows were 136 MB of the log
 * read in a 3-minute bench:load, 8 s of the platform's CPU.
 */
export function batchRecordReader(
  scoring: ResultScoringPort,
  batchId: number,
  { readAhead = false, chunksPerRead = CHUNKS_PER_WALK }: { readAhead?: boolean; chunksPerRead?: number } = {},
) {
  const read = (first: number): Window => {
    const chunks = scoring.batchChunks(batchId, first, chunksPerRead);
    chunks.catch(() => undefined); // a window read ahead and never used must not be an unhandled rejection
    return { first, chunks };
  };
  const holds = (window: Window | null, chunk: number) => window !== null && chunk >= window.first && chunk < window.first + chunksPerRead;
  let window: Window | null = null;
  let ahead: Window | null = null;
  /** The records of one chunk (its rows' cells), read with the window that holds it. */
  return async (chunk: number): Promise<string[][] | undefined> => {
    if (!holds(window, chunk)) {
      window = holds(ahead, chunk) ? ahead : read(chunk);
      if (readAhead) ahead = read(window!.first + chunksPerRead);
    }
    return (await window!.chunks).get(chunk);
  };
}
