import { formatNumber } from '../../shared/formatting';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../shared/Spinner';
import { useBatchQuery } from './api';
import { BatchErrorReport } from './BatchErrorReport';
import { BatchStatusChip } from '../../shared/BatchStatusChip';
import { Name } from '../../shared/Name';

/** The batch just uploaded: polled every second while it is processing, then its figures and error report. */
export function BatchProgress({ batchId }: { batchId: number }) {
  const { t, i18n } = useTranslation();
  const [polling, setPolling] = useState(true);
  const { data: batch } = useBatchQuery(batchId, { pollingInterval: polling ? 1000 : 0 });
  const processing = batch?.status === 'processing';
  useEffect(() => {
    setPolling(batch === undefined || processing);
  }, [batch, processing]);
  if (!batch) return <Spinner size="small" />;
  // A file refused as a whole (unreadable, wrong columns) received no row: its figures would read "Failed 1" beside 0 rows.
  const fileRefused = batch.status === 'failed' && batch.total_records === 0;
  const done = batch.processed_records + batch.failed_records;
  const percent = batch.total_records > 0 ? Math.round((done / batch.total_records) * 100) : 0;
  const figures = [
    { label: t('batches.received'), value: batch.total_records },
    { label: t('batches.scored'), value: batch.processed_records },
    { label: t('batches.failed'), value: batch.failed_records },
  ];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-live="polite" data-testid="batch-progress">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
        <Typography variant="h2" component="h2" sx={{ mr: 1, overflowWrap: 'anywhere' }}>
          <Name>{batch.name}</Name>
        </Typography>
        <BatchStatusChip status={batch.status} />
      </Stack>
      {processing && (
        <>
          <Typography color="text.secondary">{t('batches.processingNote')}</Typography>
          <LinearProgress
            variant={batch.total_records > 0 ? 'determinate' : 'indeterminate'}
            value={percent}
            aria-label={t('batches.progress')}
            sx={{ my: 1.5, height: 8, borderRadius: 4 }}
          />
        </>
      )}
      {fileRefused ? (
        <Typography sx={{ my: 1.5 }}>{t('batches.fileRefused')}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1.5, my: 1.5 }}>
          {figures.map((figure) => (
            <Box key={figure.label} sx={{ bgcolor: 'background.default', borderRadius: 2, p: 1.5 }}>
              <Typography variant="body2" color="text.secondary">
                {figure.label}
              </Typography>
              <Typography sx={{ fontSize: '1.5rem', fontWeight: 700 }}>{formatNumber(figure.value, i18n.language)}</Typography>
            </Box>
          ))}
        </Box>
      )}
      {!processing && (batch.status === 'completed' || batch.status === 'completed_with_errors') && (
        <Button component={Link} to={`/result/batch/${batch.id}`} variant="contained" sx={{ mb: 2 }}>
          {t('batches.viewResults')}
        </Button>
      )}
      {!processing && (batch.failed_records > 0 || batch.status === 'failed') && (
        <BatchErrorReport batchId={batch.id} batchName={batch.name} />
      )}
    </Paper>
  );
}
