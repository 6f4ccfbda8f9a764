import { useTranslation } from 'react-i18next';
import { formatMoney, numberFormat } from '../../shared/formatting';
import { ToneBadge, type Tone } from '../../shared/toneBadge';

/** Spec §9: credit limit at least 1,000,000 green, at least 500,000 yellow, else red. */
export const creditLimitTone = (amount: number): Tone => (amount >= 1_000_000 ? 'success' : amount >= 500_000 ? 'warning' : 'error');
/** Spec §9: weight at least 0.8 green, at least 0.6 yellow, else red. */
export const weightTone = (weight: number): Tone => (weight >= 0.8 ? 'success' : weight >= 0.6 ? 'warning' : 'error');

const PERCENT = { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 } as const;

/** A credit limit in XAF on its §9 colour. */
export function CreditLimitBadge({ amount }: { amount: number }) {
  const { i18n } = useTranslation();
  return <ToneBadge tone={creditLimitTone(amount)}>{formatMoney(amount, i18n.language)}</ToneBadge>;
}

/** A weighted sum (a fraction) as a percent on its §9 colour. */
export function WeightBadge({ weight }: { weight: number }) {
  const { i18n } = useTranslation();
  return <ToneBadge tone={weightTone(weight)}>{numberFormat(i18n.language, PERCENT).format(weight)}</ToneBadge>;
}
