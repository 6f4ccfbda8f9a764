import { intlLocale } from '../../app/languages';

// One format per locale and number of decimals: making an Intl format costs far more than using one.
const formats = new Map<string, Intl.NumberFormat>();

/** A count or a figure with `digits` decimals, written the way the chosen language writes numbers. */
export function formatNumber(value: number, language: string, digits = 0): string {
  const locale = intlLocale(language);
  const key = `${locale} ${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    formats.set(key, format);
  }
  return format.format(value);
}
