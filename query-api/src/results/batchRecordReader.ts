import type { ResultScoringPort } from './resultScoringPort';

/** Chunks read from the log at once: about 2 MB of records, read in one query instead of eight. */
const CHUNKS_PER_READ = 8;

type Window = { first: number; chunks: Promise<Map<number, string[][]>> };

/**
 * A batch's records, chunk by chunk, read from the log a few chunks at a time, as its results ask for them: results
 * come in id order, which is chunk order, so each chunk is read about once and only a few are held.
 * With `readAhead` (a whole batch read in order, as an export does) the next window is read meanwhile,
 * so the log is read while lines are written out.
 */
export function batchRecordReader(scoring: ResultScoringPort, batchId: number, { readAhead = false } = {}) {
  const read = (first: number): Window => {
    const chunks = scoring.batchChunks(batchId, first, CHUNKS_PER_READ);
    chunks.catch(() => undefined); // a window read ahead and never used must not be an unhandled rejection
    return { first, chunks };
  };
  const holds = (window: Window | null, chunk: number) =>
    window !== null && chunk >= window.first && chunk < window.first + CHUNKS_PER_READ;
  let window: Window | null = null;
  let ahead: Window | null = null;
  /** The records of one chunk (its rows' cells), read with the window that holds it. */
  return async (chunk: number): Promise<string[][] | undefined> => {
    if (!holds(window, chunk)) {
      window = holds(ahead, chunk) ? ahead : read(chunk);
      if (readAhead) ahead = read(window!.first + CHUNKS_PER_READ);
    }
    return (await window!.chunks).get(chunk);
  };
}
