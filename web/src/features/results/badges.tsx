import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../app/languages';
import { formatMoney } from '../../shared/formatting';
import { ToneBadge, type Tone } from '../../shared/toneBadge';

/** Spec §9: credit limit at least 1,000,000 green, at least 500,000 yellow, else red. */
export const creditLimitTone = (amount: number): Tone => (amount >= 1_000_000 ? 'success' : amount >= 500_000 ? 'warning' : 'error');
/** Spec §9: weight at least 0.8 green, at least 0.6 yellow, else red. */
export const weightTone = (weight: number): Tone => (weight >= 0.8 ? 'success' : weight >= 0.6 ? 'warning' : 'error');

// One percent format per locale, not one per row.
const percentFormats = new Map<string, Intl.NumberFormat>();
const percentFormat = (locale: string) => {
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
    percentFormats.set(locale, format);
  }
  return format;
};

/** A credit limit in XAF on its §9 colour. */
export function CreditLimitBadge({ amount }: { amount: number }) {
  const { i18n } = useTranslation();
  return <ToneBadge tone={creditLimitTone(amount)}>{formatMoney(amount, i18n.language)}</ToneBadge>;
}

/** A weighted sum (a fraction) as a percent on its §9 colour. */
export function WeightBadge({ weight }: { weight: number }) {
  const { i18n } = useTranslation();
  return <ToneBadge tone={weightTone(weight)}>{percentFormat(intlLocale(i18n.language)).format(weight)}</ToneBadge>;
}
