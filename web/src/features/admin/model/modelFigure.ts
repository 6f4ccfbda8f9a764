import { formatNumber, numberFormat } from '../../../shared/formatting';

/** A model figure (weight, proportion, bound) with the decimals it has, at most 4, as the language writes numbers. */
export const modelFigure = (value: number, language: string): string =>
  formatNumber(value, language, Number.isInteger(value) ? 0 : Math.min(4, String(value).split('.')[1]?.length ?? 2));

/** A proportion of 0 to 100 with its percent sign, as the language writes it ("50%", "50 %"). */
export const modelPercent = (value: number, language: string): string =>
  numberFormat(language, { style: 'percent', maximumFractionDigits: 4 }).format(value / 100);
