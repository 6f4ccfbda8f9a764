import { numberFormat } from '../../shared/formatting';

/** An average amount: XAF with 2 decimals (spec §9: averages show 2 decimals). */
export function formatAverageMoney(amount: number, language: string): string {
  return numberFormat(language, {
    style: 'currency',
    currency: 'XAF',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}
