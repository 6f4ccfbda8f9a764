import { intlLocale } from './languages';

/*
 * Every number, amount and date the app writes goes through this module, in the chosen language's
 * format (en-CM, fr-CM): one format per language, whatever the screen, the input or the export.
 */

// Making an Intl format costs far more than using one (a table made one per cell, the slowest part of
// drawing it on a phone): one per language and options, kept.
const numberFormats = new Map<string, Intl.NumberFormat>();

/** The language's number format with these options, made once. */
export function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const locale = intlLocale(language);
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A count or a figure with `digits` decimals, written the way the chosen language writes numbers. */
export const formatNumber = (value: number, language: string, digits = 0): string =>
  numberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);

/** A chart axis's figure, short (1.2M, 1,2 M). */
export const formatCompact = (value: number, language: string): string =>
  numberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(value);

/** Amounts are XAF with no decimals, written the way the chosen language writes them. */
export const formatMoney = (amount: number, language: string): string =>
  numberFormat(language, { style: 'currency', currency: 'XAF', minimumFractionDigits: 0, maximumFractionDigits: 0 }).format(amount);

export type DateStyle = 'date' | 'dateTime' | 'dayMonth' | 'monthYear';

const DATE_STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  // A chart's axis: a day or a month, short.
  dayMonth: { day: 'numeric', month: 'short' },
  monthYear: { month: 'short', year: '2-digit' },
};

// Making an Intl format costs far more than using one (a table of dates made one per cell): one per locale and style.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Every date the app shows goes through here. Invalid input gives an empty string. */
export function formatDate(value: string | number | Date, language: string, style: DateStyle = 'date'): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const locale = intlLocale(language);
  const key = `${locale} ${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, DATE_STYLES[style]);
    dateFormats.set(key, format);
  }
  return format.format(date);
}

const listFormats = new Map<string, Intl.ListFormat>();

/** Names in a sentence, the way the chosen language lists them (A, B and C; A, B et C). */
export function formatList(values: readonly string[], language: string): string {
  const locale = intlLocale(language);
  let format = listFormats.get(locale);
  if (!format) {
    format = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' });
    listFormats.set(locale, format);
  }
  return format.format(values);
}
