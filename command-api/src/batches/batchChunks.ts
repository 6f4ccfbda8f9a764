import type { RowError } from './checkRecords';

/** Each event stays well under KurrentDB's 1 MiB default; a few such events go in one append. */
const MAX_EVENT_BYTES = 256 * 1024;
const MAX_ERRORS_PER_EVENT = 2_000;

export type RecordChunk = { rows: string[][]; rowNumbers: number[] };

export function chunkRecords(rows: string[][], rowNumbers: number[]): RecordChunk[] {
  const chunks: RecordChunk[] = [];
  let current: RecordChunk = { rows: [], rowNumbers: [] };
  let bytes = 0;
  rows.forEach((row, index) => {
    // Cells as JSON strings: their length plus quotes and commas; ASCII-heavy data, so characters ≈ bytes (×2 margin for the rest).
    const size = row.reduce((sum, cell) => sum + cell.length * 2 + 3, 12);
    if (current.rows.length > 0 && bytes + size > MAX_EVENT_BYTES) {
      chunks.push(current);
      current = { rows: [], rowNumbers: [] };
      bytes = 0;
    }
    current.rows.push(row);
    current.rowNumbers.push(rowNumbers[index]);
    bytes += size;
  });
  if (current.rows.length > 0) chunks.push(current);
  return chunks;
}

export function chunkErrors(errors: RowError[]): RowError[][] {
  const chunks: RowError[][] = [];
  for (let start = 0; start < errors.length; start += MAX_ERRORS_PER_EVENT) chunks.push(errors.slice(start, start + MAX_ERRORS_PER_EVENT));
  return chunks;
}
