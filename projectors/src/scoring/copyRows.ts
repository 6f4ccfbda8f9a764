import type { Knex } from 'knex';
import type { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** COPY's text format spells NULL as \N. */
export const NULL = Symbol('NULL');

export type CopyCell = string | number | typeof NULL;

const ROWS_PER_WRITE = 2_000;

/** COPY's text format: a backslash, tab, newline or carriage return inside a value is escaped. */
function copyText(cell: CopyCell): string {
  if (typeof cell === 'number') return String(cell);
  if (cell === NULL) return '\\N';
  return NEEDS_ESCAPE.test(cell) ? cell.replace(ESCAPED, (found) => COPY_ESCAPES[found]) : cell;
}

const NEEDS_ESCAPE = /[\\\t\n\r]/;
const ESCAPED = /[\\\t\n\r]/g;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * Writes rows with COPY on the transaction's own connection, so they commit or roll back with it
 * (and with the checkpoint). Much less work for both sides than a multi-row INSERT of arrays.
 */
export async function copyRows(
  trx: Knex.Transaction,
  table: string,
  columns: readonly string[],
  rows: readonly CopyCell[][],
): Promise<void> {
  if (rows.length === 0) return;
  const connection = (await trx.client.acquireConnection()) as Client;
  const sql = `COPY ${table} (${columns.join(', ')}) FROM STDIN`;
  const stream = connection.query(copyFrom(sql));
  const finished = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  for (let start = 0; start < rows.length; start += ROWS_PER_WRITE) {
    let text = '';
    const end = Math.min(rows.length, start + ROWS_PER_WRITE);
    for (let index = start; index < end; index++) {
      const row = rows[index];
      text += copyText(row[0]);
      for (let column = 1; column < row.length; column++) text += '\t' + copyText(row[column]);
      text += '\n';
    }
    if (!stream.write(text)) await Promise.race([new Promise((resolve) => stream.once('drain', resolve)), finished]);
  }
  stream.end();
  await finished;
}
