import iconv from 'iconv-lite';
import Papa from 'papaparse';
import * as XLSX from '@e965/xlsx';
import { UnreadableFileError } from './unreadableFile';
import { inspectWorkbookZip } from './zipInspection';

export { UnreadableFileError } from './unreadableFile';

export type FileType = 'csv' | 'xlsx' | 'xls';

/** A sheet's header row and its data rows as text cells, with each row's number in the file (header = row 1). */
export type ParsedSheet = { headers: string[]; rows: string[][]; rowNumbers: number[] };

export const UPLOAD_LIMITS = { maxRows: 200_000, maxColumns: 300, maxCellLength: 2_000 } as const;

export function fileTypeOf(fileName: string): FileType | null {
  const match = /\.(csv|xlsx|xls)$/i.exec(fileName.trim());
  return match ? (match[1].toLowerCase() as FileType) : null;
}

/** Reads an untrusted upload defensively: signatures checked, sizes bounded, no formulas or HTML evaluated. */
export function parseUpload(buffer: Buffer, fileType: FileType): ParsedSheet {
  const table = fileType === 'csv' ? readCsv(buffer) : readWorkbook(buffer, fileType).map((row) => row.map(textSafeForStorage));
  const firstRow = table.findIndex((row) => !isBlank(row));
  if (firstRow === -1) throw new UnreadableFileError('The file is empty: no header row was found');
  const headers = table[firstRow].map((cell) => cell.trim());
  if (headers.length > UPLOAD_LIMITS.maxColumns)
    throw new UnreadableFileError(`The file has more than ${UPLOAD_LIMITS.maxColumns} columns`);
  const rows: string[][] = [];
  const rowNumbers: number[] = [];
  for (let index = firstRow + 1; index < table.length; index++) {
    const row = table[index];
    if (isBlank(row)) continue;
    if (rows.length === UPLOAD_LIMITS.maxRows)
      throw new UnreadableFileError(`The file has more than ${UPLOAD_LIMITS.maxRows.toLocaleString('en-US')} records`);
    rows.push(fitsHeaders(row, headers.length) ? row : headers.map((_, column) => truncated(row[column] ?? '')));
    rowNumbers.push(index + 1);
  }
  return { headers, rows, rowNumbers };
}

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
 * A text CSV as UTF-8, or Windows-1252 when it is not valid UTF-8. NUL bytes are refused, and neither
 * decoding can produce an unpaired surrogate, so CSV cells need no textSafeForStorage pass.
 */
function readCsv(buffer: Buffer): string[][] {
  if (buffer.includes(0)) throw new UnreadableFileError('The file is not a text CSV file (it contains binary data)');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    // Spreadsheets exported on French-locale Windows are often Windows-1252, not UTF-8. Node 20's
    // TextDecoder decodes that label as ISO-8859-1 (curly quotes and the euro sign become C1 controls).
    text = iconv.decode(buffer, 'windows-1252');
  }
  text = text.replace(/^\uFEFF/, '');
  // The delimiter (comma, or semicolon from French-locale spreadsheets) is guessed from the first
  // lines only; guessing over the whole file costs as much as parsing it again.
  const { delimiter } = Papa.parse<string[]>(text.slice(0, 64 * 1024), { preview: 10, skipEmptyLines: 'greedy' }).meta;
  const parsed = Papa.parse<string[]>(text, { delimiter });
  const fatal = parsed.errors.find((error) => error.type === 'Quotes');
  if (fatal) throw new UnreadableFileError(`The CSV file is malformed at row ${(fatal.row ?? 0) + 1}: ${fatal.message}`);
  return parsed.data;
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
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: false });
  return rows.map((row) => row.map(cellText));
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return String(value);
}
