import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/formatting';
import type { Authorship, ResolvedMoment } from './complianceApi';
import { Authored } from './Authored';

/** Which position a moment came to, and the last change before it. */
export function MomentSummary({ moment, lastChange }: { moment: ResolvedMoment; lastChange: Authorship | null }) {
  const { t, i18n } = useTranslation();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {moment.at
        ? t('compliance.moment.resolvedAt', { position: moment.position, at: formatDate(moment.at, i18n.language, 'dateTime') })
        : moment.requested === 'now'
          ? t('compliance.moment.resolvedNow', { position: moment.position })
          : t('compliance.moment.resolvedPosition', { position: moment.position })}{' '}
      {lastChange ? (
        <>
          {t('compliance.moment.lastChange')} <Authored by={lastChange} />
        </>
      ) : (
        t('compliance.moment.noChange')
      )}
    </Typography>
  );
}
