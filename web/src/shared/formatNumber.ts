import { numberFormat } from './numberFormat';

/** A count or a figure with `digits` decimals, written the way the chosen language writes numbers. */
export const formatNumber = (value: number, language: string, digits = 0): string =>
  numberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
