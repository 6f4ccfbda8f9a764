import { intlLocale } from './languages';

// Making an Intl format costs far more than using one (a table made one per cell, the slowest part of
// drawing it on a phone): one per language and options, kept.
const formats = new Map<string, Intl.NumberFormat>();

/** The language's number format with these options, made once. */
export function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const locale = intlLocale(language);
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
