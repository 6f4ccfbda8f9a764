import type { ClientBase } from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/** PGCOPY\n\377\r\n\0, then 32-bit flags and the length of a header extension. */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const MAX_FIELDS = 64;

/**
 * One row of a binary COPY: field `i` is `buffer[starts[i], ends[i])` (start -1 for NULL). The views
 * are valid during the call only; the row's bytes may be overwritten in place by the callee.
 */
export type CopyRow = { buffer: Buffer; starts: Int32Array; ends: Int32Array; fields: number };

/**
 * Runs `COPY (query) TO STDOUT (FORMAT binary)` and hands each row to `onRow` as it arrives, without
 * decoding a value the caller does not look at: the fastest way PostgreSQL has to hand a million
 * rows to Node (no per-row protocol message, no type parsing, no string per field).
 */
export async function copyRowsOut(
  client: ClientBase,
  query: string,
  onRow: (row: CopyRow) => void,
  /** Called after the rows of each chunk received: the caller may wait here (backpressure) or throw to stop. */
  afterChunk?: () => Promise<void> | void,
): Promise<number> {
  const row: CopyRow = { buffer: Buffer.alloc(0), starts: new Int32Array(MAX_FIELDS), ends: new Int32Array(MAX_FIELDS), fields: 0 };
  const stream = client.query(copyTo(`COPY (${query}) TO STDOUT (FORMAT binary)`));
  let pending: Buffer | null = null;
  let headerRead = false;
  let finished = false;
  let rows = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const buffer: Buffer = pending ? Buffer.concat([pending, chunk]) : chunk;
    let offset = 0;
    if (!headerRead) {
      if (buffer.length < SIGNATURE.length + 8) {
        pending = buffer;
        continue;
      }
      if (!buffer.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('COPY did not answer in binary format');
      offset = SIGNATURE.length + 8 + buffer.readInt32BE(SIGNATURE.length + 4);
      headerRead = true;
    }
    while (!finished && buffer.length - offset >= 2) {
      const fields = buffer.readInt16BE(offset);
      if (fields === -1) {
        finished = true;
        offset += 2;
        break;
      }
      if (fields > MAX_FIELDS) throw new Error(`COPY row of ${fields} fields`);
      let cursor = offset + 2;
      let complete = true;
      for (let field = 0; field < fields; field++) {
        if (buffer.length - cursor < 4) {
          complete = false;
          break;
        }
        const length = buffer.readInt32BE(cursor);
        cursor += 4;
        if (length === -1) {
          row.starts[field] = -1;
          row.ends[field] = -1;
          continue;
        }
        if (buffer.length - cursor < length) {
          complete = false;
          break;
        }
        row.starts[field] = cursor;
        row.ends[field] = cursor + length;
        cursor += length;
      }
      if (!complete) break;
      row.buffer = buffer;
      row.fields = fields;
      onRow(row);
      rows += 1;
      offset = cursor;
    }
    pending = offset < buffer.length ? buffer.subarray(offset) : null;
    if (afterChunk) await afterChunk();
  }
  if (!finished) throw new Error('COPY ended before its trailer');
  return rows;
}
