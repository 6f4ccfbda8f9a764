import { useTranslation } from 'react-i18next';
import { formatMoney } from './formatting';

type Props = { amount: number };

/** Every amount in the app: XAF, no decimals, in the chosen language's format. */
export function Money({ amount }: Props) {
  const { i18n } = useTranslation();
  return <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(amount, i18n.language)}</span>;
}
