/**
 * The header check the upload page runs before sending: the file's header row (a CSV's first line, a
 * workbook's first row) against the template's columns (the institution's current model), matched as
 * the server matches them (exact, else trimmed and case-folded). It names what is missing and what the
 * model does not know; a missing required column stops the upload, since the server would refuse every row.
 */
export type HeaderProblems = { missingRequired: string[]; missingOptional: string[]; unknown: string[] };

export type TemplateColumn = { name: string; required: boolean };

/**
 * A CSV's records, up to `limit` (quoted cells may hold commas, doubled quotes and line breaks; CRLF or LF
 * ends a record; a BOM is dropped; a blank line is skipped).
 */
export function csvRecords(text: string, limit = Infinity): string[][] {
  const source = text.replace(/^\uFEFF/, '');
  const records: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '') records.push(cells);
    cells = [];
    cell = '';
  };
  for (let i = 0; i < source.length && records.length < limit; i += 1) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      endRecord();
    } else cell += char;
  }
  if (records.length < limit && (cell !== '' || cells.length > 0)) endRecord();
  return records;
}

/** The cells of a CSV's first record, trimmed. */
export function csvHeader(text: string): string[] {
  return (csvRecords(text, 1)[0] ?? ['']).map((value) => value.trim());
}

/** The template's columns from its notes (`column,required,…`, one line per column in the template's order). */
export function notesColumns(text: string): TemplateColumn[] {
  const [header = [], ...lines] = csvRecords(text);
  const name = header.indexOf('column');
  const required = header.indexOf('required');
  if (name === -1 || required === -1) throw new Error('The column notes have no column and required headers');
  return lines.map((line) => ({ name: line[name] ?? '', required: line[required] === 'required' }));
}

const fold = (value: string) => value.trim().toLowerCase();

/** Template columns the file lacks (required, then optional), and file columns not in the template (blank cells ignored). */
export function headerProblems(found: readonly string[], expected: readonly TemplateColumn[]): HeaderProblems {
  const foundKeys = new Set(found.map(fold));
  const expectedKeys = new Set(expected.map((column) => fold(column.name)));
  const missing = expected.filter((column) => !foundKeys.has(fold(column.name)));
  return {
    missingRequired: missing.filter((column) => column.required).map((column) => column.name),
    missingOptional: missing.filter((column) => !column.required).map((column) => column.name),
    unknown: found.filter((column) => column.trim() !== '' && !expectedKeys.has(fold(column))),
  };
}

export const hasProblems = (problems: HeaderProblems): boolean =>
  problems.missingRequired.length + problems.missingOptional.length + problems.unknown.length > 0;

export const isWorkbook = (fileName: string): boolean => /\.xlsx?$/i.test(fileName);

/**
 * The first row of a workbook's first sheet (.xlsx or .xls), the sheet the server reads. SheetJS is
 * imported here, when a workbook is chosen, so it is a chunk of its own and no page loads it up front.
 */
export async function workbookHeader(file: Blob): Promise<string[]> {
  const [XLSX, bytes] = await Promise.all([import('@e965/xlsx'), fileBytes(file)]);
  const book = XLSX.read(bytes, {
    type: 'array',
    sheets: 0,
    sheetRows: 1,
    dense: true,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
  });
  const sheet = book.SheetNames.length > 0 ? book.Sheets[book.SheetNames[0]] : undefined;
  if (!sheet) return [];
  const [first = []] = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: false });
  return first.map((cell) => (cell === null || cell === undefined ? '' : String(cell).trim()));
}

function fileBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

/** The first 64 KiB of a file as UTF-8 text (FileReader, which every browser and jsdom have), enough for a header row. */
export function fileHead(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file.slice(0, 65536), 'utf-8');
  });
}
