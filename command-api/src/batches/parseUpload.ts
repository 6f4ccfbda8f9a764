import iconv from 'iconv-lite';
import Papa from 'papaparse';
import * as XLSX from '@e965/xlsx';
import type { FileType } from './fileType';
import { UnreadableFileError } from './unreadableFile';
import { inspectWorkbookZip } from './zipInspection';

export { UnreadableFileError } from './unreadableFile';

/**
 * A sheet's header row and its data rows as text cells, with each row's number in the file (header = row 1),
 * and the cells of a UTF-8 CSV that held bytes which are not UTF-8 (read as U+FFFD), by row number and header.
 */
export type ParsedSheet = { headers: string[]; rows: string[][]; rowNumbers: number[]; undecodable?: UndecodableCell[] };
export type UndecodableCell = { row: number; column: string };

/**
 * maxCells bounds records × header columns, what the rows take once each has one cell per header: a
 * 10 MB CSV holds at most about 10 million cells (one byte each), so no file under the upload limit is
 * refused by it, while a sparse sheet (300 headers over 200 000 one-cell rows) cannot make 60 million.
 */
export const UPLOAD_LIMITS = { maxRows: 200_000, maxColumns: 300, maxCellLength: 2_000, maxCells: 10_000_000 } as const;

/** Stands in a decoded CSV for bytes that are not UTF-8: a NUL, which a CSV is refused for holding, so it means nothing else. */
const UNDECODABLE = '\u0000';

/**
 * Reads an untrusted upload defensively: signatures checked, sizes bounded, no formulas or HTML evaluated.
 * Its work and memory grow with the cells the file really holds, never with the range it claims; the
 * platform runs it in a worker with a memory cap and a time limit (parseInWorker), not in the process
 * that serves everyone.
 */
export function parseUpload(buffer: Buffer, fileType: FileType): ParsedSheet {
  const { table, marked } = fileType === 'csv' ? readCsv(buffer) : { table: readWorkbook(buffer, fileType), marked: false };
  const firstRow = table.findIndex((row) => !isBlank(row));
  if (firstRow === -1) throw new UnreadableFileError('The file is empty: no header row was found');
  const headers = table[firstRow].map((cell) => (marked ? cell.replaceAll(UNDECODABLE, '\uFFFD') : cell).trim());
  if (headers.length > UPLOAD_LIMITS.maxColumns) throw tooManyColumns();
  // Counted before any row is padded to the header's width.
  let records = 0;
  for (let index = firstRow + 1; index < table.length; index++) if (!isBlank(table[index])) records += 1;
  if (records > UPLOAD_LIMITS.maxRows)
    throw new UnreadableFileError(`The file has more than ${UPLOAD_LIMITS.maxRows.toLocaleString('en-US')} records`);
  if (records * headers.length > UPLOAD_LIMITS.maxCells)
    throw new UnreadableFileError(
      `The file has more than ${UPLOAD_LIMITS.maxCells.toLocaleString('en-US')} cells (records × columns); split it into smaller files`,
    );
  const rows: string[][] = [];
  const rowNumbers: number[] = [];
  const undecodable: UndecodableCell[] = [];
  for (let index = firstRow + 1; index < table.length; index++) {
    const row = table[index];
    if (isBlank(row)) continue;
    const kept = fitsHeaders(row, headers.length) ? row : headers.map((_, column) => truncated(row[column] ?? ''));
    if (marked) {
      kept.forEach((cell, column) => {
        if (!cell.includes(UNDECODABLE)) return;
        kept[column] = cell.replaceAll(UNDECODABLE, '\uFFFD');
        undecodable.push({ row: index + 1, column: headers[column] || `column ${column + 1}` });
      });
    }
    rows.push(kept);
    rowNumbers.push(index + 1);
  }
  return undecodable.length > 0 ? { headers, rows, rowNumbers, undecodable } : { headers, rows, rowNumbers };
}

const tooManyColumns = () => new UnreadableFileError(`The file has more than ${UPLOAD_LIMITS.maxColumns} columns`);

function isBlank(row: readonly string[]): boolean {
  for (const cell of row) if (cell.trim() !== '') return false;
  return true;
}

/** Already one cell per header, none past the cell limit: the row is kept as it is. */
function fitsHeaders(row: readonly string[], width: number): boolean {
  if (row.length !== width) return false;
  for (const cell of row) if (cell.length > UPLOAD_LIMITS.maxCellLength) return false;
  return true;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * PostgreSQL text and jsonb refuse U+0000 and unpaired surrogates, and one such cell (SheetJS decodes
 * `_x0000_`) would stop the projector that stores the batch. Neither can be meant as data.
 */
export function textSafeForStorage(text: string): string {
  return text.replace(/\u0000/g, '').replace(LONE_SURROGATE, '\uFFFD');
}

/** Cut at the cell limit without leaving half of a surrogate pair at the end. */
function truncated(cell: string): string {
  if (cell.length <= UPLOAD_LIMITS.maxCellLength) return cell;
  const cut = cell.slice(0, UPLOAD_LIMITS.maxCellLength);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * A text CSV: UTF-16 (little- or big-endian) when it starts with that byte order mark, otherwise UTF-8,
 * or Windows-1252 when the file as a whole is not UTF-8. NUL characters are refused, and no decoding
 * here can produce an unpaired surrogate, so CSV cells need no textSafeForStorage pass.
 *
 * A UTF-8 file with a few stray bytes (one cell pasted from elsewhere) is read as UTF-8: what is valid
 * is kept, each run of undecodable bytes becomes U+FFFD and its cells are named (ParsedSheet.undecodable).
 * It is read as Windows-1252 only when it has fewer valid multibyte UTF-8 sequences than invalid bytes:
 * in a genuine Windows-1252 file (French-locale Excel) an accented letter is almost never followed by
 * the bytes that would make it valid UTF-8, so it has (almost) none, while a UTF-8 file with accented
 * names has many. A UTF-8 byte order mark always means UTF-8.
 */
function readCsv(buffer: Buffer): { table: string[][]; marked: boolean } {
  let text: string;
  let marked = false;
  if (startsWith(buffer, 0xff, 0xfe) || startsWith(buffer, 0xfe, 0xff)) {
    // The decoder reads the byte order mark and replaces unpaired surrogates with U+FFFD.
    text = new TextDecoder(buffer[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(buffer);
    if (text.includes('\u0000')) throw binaryFile();
  } else {
    if (buffer.includes(0)) throw binaryFile();
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
    } catch {
      const utf8 = decodeUtf8Marking(buffer);
      if (startsWith(buffer, 0xef, 0xbb, 0xbf) || utf8.multibyte >= utf8.invalid) {
        text = utf8.text;
        marked = true;
      } else {
        // Node 20's TextDecoder decodes the windows-1252 label as ISO-8859-1 (curly quotes and the euro
        // sign become C1 controls), so iconv.
        text = iconv.decode(buffer, 'windows-1252');
      }
    }
  }
  text = text.replace(/^\uFEFF/, '');
  // The delimiter (comma, or semicolon from French-locale spreadsheets) is guessed from the first
  // lines only; guessing over the whole file costs as much as parsing it again.
  const { delimiter } = Papa.parse<string[]>(text.slice(0, 64 * 1024), { preview: 10, skipEmptyLines: 'greedy' }).meta;
  const parsed = Papa.parse<string[]>(text, { delimiter });
  const fatal = parsed.errors.find((error) => error.type === 'Quotes');
  if (fatal) throw new UnreadableFileError(`The CSV file is malformed at row ${(fatal.row ?? 0) + 1}: ${fatal.message}`);
  return { table: parsed.data, marked };
}

const binaryFile = () => new UnreadableFileError('The file is not a text CSV file (it contains binary data)');

const startsWith = (buffer: Buffer, ...bytes: number[]) => buffer.length >= bytes.length && bytes.every((byte, at) => buffer[at] === byte);

/**
 * UTF-8 with each run of bytes that are not UTF-8 replaced by UNDECODABLE, and how many valid multibyte
 * sequences and invalid runs the file has. Sequences as the Unicode standard defines them (table 3-7):
 * no overlong forms, no surrogates, nothing past U+10FFFF.
 */
export function decodeUtf8Marking(buffer: Buffer): { text: string; multibyte: number; invalid: number } {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const parts: string[] = [];
  let multibyte = 0;
  let invalid = 0;
  let validFrom = 0;
  let at = 0;
  while (at < buffer.length) {
    if (buffer[at] < 0x80) {
      at += 1;
      continue;
    }
    const length = sequenceLength(buffer, at);
    if (length > 0) {
      multibyte += 1;
      at += length;
      continue;
    }
    if (validFrom < at) parts.push(decoder.decode(buffer.subarray(validFrom, at)));
    parts.push(UNDECODABLE);
    invalid += 1;
    at += 1;
    while (at < buffer.length && buffer[at] >= 0x80 && sequenceLength(buffer, at) === 0) at += 1;
    validFrom = at;
  }
  if (validFrom < buffer.length) parts.push(decoder.decode(buffer.subarray(validFrom)));
  return { text: parts.join(''), multibyte, invalid };
}

function sequenceLength(buffer: Buffer, at: number): number {
  const lead = buffer[at];
  const continues = (offset: number, low = 0x80, high = 0xbf) => {
    const byte = buffer[at + offset];
    return byte !== undefined && byte >= low && byte <= high;
  };
  if (lead >= 0xc2 && lead <= 0xdf) return continues(1) ? 2 : 0;
  if (lead >= 0xe0 && lead <= 0xef) {
    const [low, high] = lead === 0xe0 ? [0xa0, 0xbf] : lead === 0xed ? [0x80, 0x9f] : [0x80, 0xbf];
    return continues(1, low, high) && continues(2) ? 3 : 0;
  }
  if (lead >= 0xf0 && lead <= 0xf4) {
    const [low, high] = lead === 0xf0 ? [0x90, 0xbf] : lead === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
    return continues(1, low, high) && continues(2) && continues(3) ? 4 : 0;
  }
  return 0;
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

function readWorkbook(buffer: Buffer, fileType: 'xlsx' | 'xls'): string[][] {
  const isZip = buffer.subarray(0, 4).equals(ZIP);
  const isOle = buffer.subarray(0, 8).equals(OLE);
  if ((fileType === 'xlsx' && !isZip) || (fileType === 'xls' && !isOle && !isZip)) {
    throw new UnreadableFileError(`The file is not a valid Excel workbook (.${fileType})`);
  }
  if (isZip) inspectWorkbookZip(buffer);
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(buffer, {
      type: 'buffer',
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellDates: false,
      sheetRows: UPLOAD_LIMITS.maxRows + 2,
    });
  } catch (error) {
    const reason = textSafeForStorage(error instanceof Error ? error.message : String(error)).slice(0, 300);
    throw new UnreadableFileError(`The Excel workbook could not be read: ${reason}`);
  }
  const sheet = workbook.SheetNames.length > 0 ? workbook.Sheets[workbook.SheetNames[0]] : undefined;
  if (!sheet) throw new UnreadableFileError('The Excel workbook has no sheet');
  return usedCells(sheet);
}

type DenseCells = (XLSX.CellObject | undefined)[];

/**
 * The sheet's cells as text rows, from its cells as read, never from the range it declares: a sheet
 * can claim (or reach, with one cell at XFD1) 16 384 columns while holding a few cells, and
 * materialising that range is what ran the platform out of memory. The used range (first to last
 * column holding a value) is measured first and refused past the column limit; each row is then
 * built only up to its own last cell. Row i of the result is the sheet's row i + 1 (blank rows are
 * empty), so row numbers are the sheet's.
 */
function usedCells(sheet: XLSX.WorkSheet): string[][] {
  const data = (sheet['!data'] ?? []) as (DenseCells | undefined)[];
  let first = Infinity;
  let last = -1;
  let lastRow = -1;
  for (let row = 0; row < data.length; row++) {
    const cells = data[row];
    if (!cells) continue;
    for (const column of columnsOf(cells)) {
      if (cellValue(cells[column]).trim() === '') continue;
      first = Math.min(first, column);
      last = Math.max(last, column);
      lastRow = row;
    }
  }
  if (last - first + 1 > UPLOAD_LIMITS.maxColumns) throw tooManyColumns();
  const blank: string[] = [];
  const table: string[][] = [];
  for (let row = 0; row <= lastRow; row++) {
    const cells = data[row];
    const width = cells ? Math.min(cells.length, last + 1) - first : 0;
    if (!cells || width <= 0) {
      table.push(blank);
      continue;
    }
    const text = new Array<string>(width);
    for (let column = 0; column < width; column++) text[column] = textSafeForStorage(cellValue(cells[first + column]));
    table.push(text);
  }
  return table;
}

/** The columns a row of SheetJS's dense sheet holds: a row with a cell far to the right is a sparse array. */
function columnsOf(cells: DenseCells): Iterable<number> {
  if (cells.length <= 4 * UPLOAD_LIMITS.maxColumns) return cells.keys();
  return Object.keys(cells).map(Number);
}

/** As sheet_to_json({ raw: true }) read a cell: its value; errors and stubs as no value. */
function cellValue(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.t === 'e' || cell.t === 'z') return '';
  return cellText(cell.v);
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return String(value);
}
