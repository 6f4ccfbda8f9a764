import { useTranslation } from 'react-i18next';
import { StatusChip } from '../../shared/StatusChip';

/** Intact or broken, in a coloured pill. */
export function VerificationOutcome({ outcome }: { outcome: 'intact' | 'broken' }) {
  const { t } = useTranslation();
  return <StatusChip tone={outcome === 'intact' ? 'good' : 'bad'} label={t(`compliance.log.outcomes.${outcome}`)} />;
}
