import { intlLocale } from './languages';

/*
 * A date field's text both ways. The value is kept as the URL and the server take it: an ISO date
 * (2026-01-05) or, with the time, a local date-time to the second (2026-01-05T14:03:09), as native
 * date inputs give them. The field shows and reads it in the page's language (05/01/2026 in en-CM
 * and fr-CM), whatever the browser's own language is.
 */

type Field = 'day' | 'month' | 'year' | 'hour' | 'minute' | 'second';
type Piece = { field: Field } | { literal: string };

const FIELDS: readonly Field[] = ['day', 'month', 'year', 'hour', 'minute', 'second'];
const layouts = new Map<string, Piece[]>();

/** The order of the fields and the separators between them, as the language writes a date (and time). */
function layout(language: string, withTime: boolean): Piece[] {
  const locale = intlLocale(language);
  const key = `${locale} ${withTime}`;
  let pieces = layouts.get(key);
  if (!pieces) {
    const format = new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' as const } : {}),
    });
    pieces = format
      .formatToParts(new Date(2026, 0, 5, 14, 3, 9))
      .map((part) => (FIELDS.includes(part.type as Field) ? { field: part.type as Field } : { literal: part.value }));
    layouts.set(key, pieces);
  }
  return pieces;
}

type Fields = Record<Field, number>;

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

function fieldsOfIso(value: string): Fields | null {
  const match = ISO.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1).map((part) => (part === undefined ? 0 : Number(part)));
  return { year, month, day, hour, minute, second };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function isoOf({ year, month, day, hour, minute, second }: Fields, withTime: boolean): string | null {
  const date = new Date(year, month - 1, day, hour, minute, second);
  const real =
    date.getFullYear() === year &&
    date.getMonth() === month - 1 &&
    date.getDate() === day &&
    date.getHours() === hour &&
    date.getMinutes() === minute &&
    date.getSeconds() === second;
  if (!real || year < 1000) return null;
  const isoDay = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  return withTime ? `${isoDay}T${pad(hour)}:${pad(minute)}:${pad(second)}` : isoDay;
}

/** The value as the language writes it; '' for no value, and the text itself when it is no ISO date. */
export function dateInputText(value: string, language: string, withTime = false): string {
  const fields = fieldsOfIso(value);
  if (!fields) return value;
  return layout(language, withTime)
    .map((piece) => ('literal' in piece ? piece.literal : pad(fields[piece.field], piece.field === 'year' ? 4 : 2)))
    .join('');
}

/**
 * What a person typed as the value: '' when the field is empty, null when it is no real date (yet).
 * The language's order is read with any separators (5/1/2026, 05.01.2026), a two-digit year as 20yy,
 * and the time as hours and minutes, seconds optional; an ISO date (pasted, or typed by a test) is
 * read as such.
 */
export function parseDateInput(text: string, language: string, withTime = false): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const iso = fieldsOfIso(trimmed);
  if (iso) return isoOf(iso, withTime);
  // Digits and separators only: "05/01/2026", "5.1.26", "05/01/2026, 14:03".
  if (/[^\d\s/.,:-]/.test(trimmed)) return null;
  const numbers = trimmed.match(/\d+/g) ?? [];
  const order = layout(language, withTime).flatMap((piece) => ('field' in piece ? [piece.field] : []));
  const dateOrder = order.filter((field) => field === 'day' || field === 'month' || field === 'year');
  const wanted = withTime ? [5, 6] : [3];
  if (!wanted.includes(numbers.length)) return null;
  const fields: Fields = { day: 0, month: 0, year: 0, hour: 0, minute: 0, second: 0 };
  const timeOrder: Field[] = ['hour', 'minute', 'second'];
  [...dateOrder, ...timeOrder].forEach((field, index) => {
    if (index < numbers.length) fields[field] = Number(numbers[index]);
  });
  const yearText = numbers[dateOrder.indexOf('year')];
  if (yearText.length === 2) fields.year += 2000;
  else if (yearText.length !== 4) return null;
  return isoOf(fields, withTime);
}

/** The format a person is asked to type, in the language's letters (dd/mm/yyyy, jj/mm/aaaa). */
export function dateInputPattern(language: string, letters: Record<Field, string>, withTime = false): string {
  return layout(language, withTime)
    .map((piece) => ('literal' in piece ? piece.literal : letters[piece.field]))
    .join('');
}
