/**
 * The header check the upload page runs before sending: the file's first CSV line against the template's
 * columns (the institution's current model), matched as the server matches them (exact, else trimmed and
 * case-folded). It names what is missing and what the model does not know; the server's check stays the rule.
 */
export type HeaderProblems = { missing: string[]; unknown: string[] };

/** The cells of a CSV's first record (quoted cells may hold commas, doubled quotes and line breaks); a BOM is dropped. */
export function csvHeader(text: string): string[] {
  const source = text.replace(/^\uFEFF/, '');
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < source.length; i += 1) {
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
    } else if (char === '\r' || char === '\n') break;
    else cell += char;
  }
  cells.push(cell);
  return cells.map((value) => value.trim());
}

const fold = (value: string) => value.trim().toLowerCase();

/** Template columns the file lacks, and file columns that are not in the template (blank cells ignored). */
export function headerProblems(found: readonly string[], expected: readonly string[]): HeaderProblems {
  const foundKeys = new Set(found.map(fold));
  const expectedKeys = new Set(expected.map(fold));
  return {
    missing: expected.filter((column) => !foundKeys.has(fold(column))),
    unknown: found.filter((column) => column.trim() !== '' && !expectedKeys.has(fold(column))),
  };
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
