import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { shownMessage } from '../../api/errorMessage';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { formatDate, formatNumber } from '../../shared/formatting';
import { Money } from '../../shared/Money';
import { BatchStatusChip } from '../../shared/BatchStatusChip';
import { useBatchResultsQuery } from './api';
import { formatAverageMoney } from './averageMoney';
import { CompareSection } from './CompareSection';
import { ExportButton } from './ExportButton';
import { FilterBar } from './FilterBar';
import { ResultsTable } from './ResultsTable';
import { StatCard } from '../../shared/StatCard';
import { useResultFilters } from './useResultFilters';
import { Skeleton } from '../../shared/Skeleton';
import { Name } from '../../shared/Name';

/** Batch details (/result/batch/{id}, /batch/{id}): summary, the paged client list, and the compare. */
export function BatchDetailsPage() {
  const { t, i18n } = useTranslation();
  const batchId = Number(useParams().batchId);
  const state = useResultFilters();
  const { data, isFetching, error, refetch } = useBatchResultsQuery(
    { ...state.filters, id: batchId },
    { skip: !Number.isInteger(batchId) },
  );
  const batch = data?.batch;
  const summary = data?.batchSummary;
  return (
    <Stack spacing={2}>
      <Box>
        <Button component={Link} to="/result" startIcon={<ArrowBack />} size="small" sx={{ mb: 1 }}>
          {t('results.backToResults')}
        </Button>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
        >
          <div>
            <Typography variant="h1" component="h1">
              {t('pages.batchDetails')}
              {batch ? (
                <>
                  {' — '}
                  <Name>{batch.name}</Name>
                </>
              ) : (
                <Skeleton component="span" sx={{ display: 'inline-block', width: '8em', ml: 1, verticalAlign: 'middle' }} />
              )}
            </Typography>
            {/* While loading, grey bars where the status and upload line will be, so nothing below moves when they arrive. */}
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
              {batch ? <BatchStatusChip status={batch.status} /> : <Skeleton variant="rounded" width={80} height={24} />}
              <Typography color="text.secondary" sx={batch ? undefined : { flex: 1, flexBasis: { xs: '100%', sm: 0 } }}>
                {batch ? (
                  t('results.uploadedOn', { date: formatDate(batch.createdAt, i18n.language, 'dateTime'), file: batch.filename })
                ) : (
                  <Skeleton width="80%" />
                )}
              </Typography>
            </Stack>
            {batch?.description && <Typography sx={{ mt: 0.5 }}>{batch.description}</Typography>}
          </div>
          <ExportButton uploadBatchId={batchId} filters={state.filters} failedKey="results.batchExportFailed" />
        </Stack>
      </Box>
      <ErrorBanner message={error ? (shownMessage(error) ?? t('results.batchFetchFailed')) : null} onClose={() => void refetch()} />
      <Box
        component="section"
        aria-label={t('results.summary')}
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, minmax(0, 1fr))' } }}
      >
        <StatCard label={t('results.totalClients')} value={summary ? formatNumber(summary.totalClients, i18n.language) : '—'} />
        <StatCard label={t('results.avgCreditLimit')} value={summary ? formatAverageMoney(summary.avgCreditLimit, i18n.language) : '—'} />
        <StatCard
          label={t('results.avgInterestRate')}
          value={summary ? `${formatNumber(summary.avgInterestRate, i18n.language, 2)} %` : '—'}
        />
        <StatCard label={t('results.totalCreditLimit')} value={summary ? <Money amount={summary.totalCreditLimit} /> : '—'} />
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }} component="section" aria-labelledby="batch-clients-title">
        <Typography id="batch-clients-title" variant="h2" component="h2" sx={{ mb: 2 }}>
          {t('results.batchClients')}
        </Typography>
        <FilterBar state={state} amounts={false} />
        <ResultsTable
          data={data}
          loading={isFetching}
          state={state}
          label={t('results.batchClients')}
          empty={state.filtered ? t('results.noMatch') : t('results.noClientResults')}
          emptyNext={state.filtered ? t('results.noMatchNext') : undefined}
        />
      </Paper>
      {Number.isInteger(batchId) && <CompareSection batchId={batchId} />}
    </Stack>
  );
}
