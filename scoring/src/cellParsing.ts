/*
 * Cell parsers return NaN for a blank or unreadable cell rather than allocating an error, because
 * they run once per cell on the scoring hot path.
 */

const SPACE = 0x20;
const NO_BREAK_SPACE = 0xa0;
const NARROW_NO_BREAK_SPACE = 0x202f;
const TAB = 0x09;
const PLUS = 0x2b;
const MINUS = 0x2d;
const COMMA = 0x2c;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

/** Below 2^53 an integer numerator over a power of ten divides to the correctly rounded decimal. */
const MAX_EXACT = 2 ** 53;
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, exponent) => 10 ** exponent);

/** Spreadsheets in French locales group thousands with no-break or narrow no-break spaces. */
function isGroupSpace(code: number): boolean {
  return code === SPACE || code === NO_BREAK_SPACE || code === NARROW_NO_BREAK_SPACE;
}

function isPadding(code: number): boolean {
  return isGroupSpace(code) || code === TAB || code === 0x0a || code === 0x0d;
}

function isDigit(code: number): boolean {
  return code >= ZERO && code <= NINE;
}

export function isBlankCell(cell: string | null | undefined): boolean {
  if (cell === null || cell === undefined) return true;
  for (let i = 0; i < cell.length; i++) if (!isPadding(cell.charCodeAt(i))) return false;
  return true;
}

/**
 * A decimal number: optional sign, digits optionally grouped by single spaces in threes
 * ("1 250 000"), and at most one decimal mark, `.` or `,` ("12,5"). Anything else is NaN.
 */
export function parseDecimal(cell: string): number {
  let start = 0;
  let end = cell.length;
  while (start < end && isPadding(cell.charCodeAt(start))) start++;
  while (end > start && isPadding(cell.charCodeAt(end - 1))) end--;
  if (start === end) return NaN;

  let position = start;
  const sign = cell.charCodeAt(position);
  const negative = sign === MINUS;
  if (negative || sign === PLUS) position++;

  let integer = 0;
  let integerDigits = 0;
  let groupDigits = 0;
  let grouped = false;
  for (; position < end; position++) {
    const code = cell.charCodeAt(position);
    if (isDigit(code)) {
      integer = integer * 10 + (code - ZERO);
      integerDigits++;
      groupDigits++;
    } else if (isGroupSpace(code)) {
      const firstGroupOk = grouped ? groupDigits === 3 : groupDigits >= 1 && groupDigits <= 3;
      if (!firstGroupOk) return NaN;
      grouped = true;
      groupDigits = 0;
    } else {
      break;
    }
  }
  if (integerDigits === 0 || (grouped && groupDigits !== 3)) return NaN;

  let fraction = 0;
  let fractionDigits = 0;
  if (position < end) {
    const mark = cell.charCodeAt(position);
    if (mark !== DOT && mark !== COMMA) return NaN;
    for (position++; position < end; position++) {
      const code = cell.charCodeAt(position);
      if (!isDigit(code)) return NaN;
      fraction = fraction * 10 + (code - ZERO);
      fractionDigits++;
    }
    if (fractionDigits === 0) return NaN;
  }

  let magnitude: number;
  if (fractionDigits === 0 && integer < MAX_EXACT) {
    magnitude = integer;
  } else if (fractionDigits < POWERS_OF_TEN.length) {
    const numerator = integer * POWERS_OF_TEN[fractionDigits] + fraction;
    magnitude = numerator < MAX_EXACT ? numerator / POWERS_OF_TEN[fractionDigits] : slowParse(cell, start, end);
  } else {
    magnitude = slowParse(cell, start, end);
  }
  return negative ? -magnitude : magnitude;
}

/** Too many digits for exact integer arithmetic: let the engine's own decimal conversion round it. */
function slowParse(cell: string, start: number, end: number): number {
  return Number(
    cell
      .slice(start, end)
      .replace(/[+\- \u00a0\u202f]/g, '')
      .replace(',', '.'),
  );
}

/** true/false, yes/no, 1/0, oui/non, vrai/faux in any case: 1 or 0, else NaN. */
export function parseYesNo(cell: string): number {
  // The usual spellings first, so most cells are read without allocating a lower-cased copy.
  switch (cell) {
    case 'yes':
    case 'Yes':
    case 'true':
    case '1':
      return 1;
    case 'no':
    case 'No':
    case 'false':
    case '0':
      return 0;
  }
  switch (cell.trim().toLowerCase()) {
    case 'true':
    case 'yes':
    case '1':
    case 'oui':
    case 'vrai':
      return 1;
    case 'false':
    case 'no':
    case '0':
    case 'non':
    case 'faux':
      return 0;
    default:
      return NaN;
  }
}
