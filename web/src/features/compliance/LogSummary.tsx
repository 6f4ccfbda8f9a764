import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../shared/formatting';
import { StatCard } from '../../shared/StatCard';
import type { LogOverview } from './complianceApi';
import { HashText } from './HashText';
import { VerificationOutcome } from './VerificationOutcome';

/** The log's head (position, hash, event count) and its last recorded verification. */
export function LogSummary({ overview }: { overview: LogOverview | undefined }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);
  const last = overview?.lastVerification ?? null;
  const loading = <Skeleton width="60%" />;
  return (
    <Box
      component="section"
      aria-label={t('compliance.log.headTitle')}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' }, mb: 3 }}
    >
      <StatCard label={t('compliance.log.headPosition')} value={overview ? number(overview.head.position) : loading} />
      <StatCard label={t('compliance.log.headHash')} value={overview ? <HashText hash={overview.head.hash} /> : loading} />
      <StatCard label={t('compliance.log.eventCount')} value={overview ? number(overview.head.eventCount) : loading} />
      <StatCard
        label={t('compliance.log.lastVerification')}
        value={overview ? last ? <VerificationOutcome outcome={last.outcome} /> : t('compliance.log.neverVerified') : loading}
        note={
          last
            ? t('compliance.log.verifiedBy', { when: formatDate(last.verifiedAt, i18n.language, 'dateTime'), name: last.by.name })
            : undefined
        }
      />
    </Box>
  );
}
