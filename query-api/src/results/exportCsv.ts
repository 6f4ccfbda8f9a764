/** A text a spreadsheet would run as a formula (OWASP CSV injection guidance) or that needs quotes. */
const NEEDS_CARE = /^[=+\-@\t\r]|[",\r\n;]/;

/** Text cells a spreadsheet would run as formulas are prefixed with a quote (OWASP CSV injection guidance); numbers stay numbers. */
export function csvCell(value: unknown): string {
  if (typeof value === 'number') return String(value);
  let text = value === null || value === undefined ? '' : String(value);
  // Most cells need neither: one test, and the text as it is.
  if (!NEEDS_CARE.test(text)) return text;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of cells (joined: a flat string is cheaper to encode than one concatenated cell by cell). */
export function csvLine(cells: unknown[]): string {
  const texts = new Array<string>(cells.length);
  for (let index = 0; index < cells.length; index++) texts[index] = csvCell(cells[index]);
  return `${texts.join(',')}\r\n`;
}

/** A time as PostgreSQL writes it in JSON ("2026-11-23T13:41:08.412345+01:00") as `toISOString` writes it (ms, UTC). */
export const timestampToIso = (text: string): string => new Date(text).toISOString();
