import { useTranslation } from 'react-i18next';
import { StatusChip, type ChipTone } from '../../../shared/StatusChip';

const TONE: Record<string, ChipTone> = { login: 'good', logout: 'neutral', update: 'pending', batch: 'neutral', system: 'bad' };

/** An audit action (login, update, batch…) as a small labelled pill. */
export function ActionChip({ action }: { action: string }) {
  const { t } = useTranslation();
  return <StatusChip label={t(`admin.audit.actions.${action}`, { defaultValue: action })} tone={TONE[action] ?? 'neutral'} />;
}
