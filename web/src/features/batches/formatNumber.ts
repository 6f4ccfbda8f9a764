import { intlLocale } from '../../app/languages';

/** A count or a figure with `digits` decimals, written the way the chosen language writes numbers. */
export function formatNumber(value: number, language: string, digits = 0): string {
  return new Intl.NumberFormat(intlLocale(language), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}
