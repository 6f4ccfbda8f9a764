import { intlLocale } from './languages';
import { numberFormat } from './numberFormat';

/** Amounts are XAF with no decimals, written the way the chosen language writes them. */
export const formatMoney = (amount: number, language: string): string =>
  numberFormat(language, { style: 'currency', currency: 'XAF', minimumFractionDigits: 0, maximumFractionDigits: 0 }).format(amount);

export type DateStyle = 'date' | 'dateTime';

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
    const options: Intl.DateTimeFormatOptions = style === 'date' ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' };
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format.format(date);
}
