import ReportProblem from '@mui/icons-material/ReportProblemOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shownMessage } from '../../api/errorMessage';
import { formatDate, formatNumber } from '../../shared/formatting';
import { OutlinedField } from '../../shared/OutlinedField';
import { useUrlFilters } from '../../shared/useUrlFilters';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../shared/table';
import type { BatchStatus } from '../../shared/types';
import { useBatchesQuery } from './api';
import { BatchErrorReport } from './BatchErrorReport';
import { BatchStatusChip } from '../../shared/BatchStatusChip';
import { Pager } from './Pager';
import { Skeleton } from '../../shared/Skeleton';
import { Name } from '../../shared/Name';

const STATUSES: BatchStatus[] = ['processing', 'completed', 'completed_with_errors', 'failed'];
const isStatus = (value: string | null): value is BatchStatus => STATUSES.includes(value as BatchStatus);

/** Recent batch jobs: status filter and page in the URL, 20 a page, polled while one is processing. */
export function BatchJobsList() {
  const { t, i18n } = useTranslation();
  const url = useUrlFilters({ page: '1' });
  const statusParam = url.get('status');
  const status = isStatus(statusParam) ? statusParam : '';
  const page = Math.max(1, Number(url.get('page')) || 1);
  // Cards wherever the table would be wider than its card (phones, and laptops below 1200 px beside the navigation).
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'));
  const [openReport, setOpenReport] = useState<number | null>(null);
  const [polling, setPolling] = useState(false);
  const { data, isLoading, error } = useBatchesQuery({ page, status }, { pollingInterval: polling ? 2000 : 0 });
  const anyProcessing = data?.batches.some((batch) => batch.status === 'processing') ?? false;
  if (anyProcessing !== polling) setPolling(anyProcessing);

  const openBatch = data?.batches.find((batch) => batch.id === openReport);
  const empty = status ? t('batches.noStatusJobs', { status: t(`batches.status.${status}`).toLowerCase() }) : t('batches.noJobs');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, '& .error-report-cell': { bgcolor: 'background.default' } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2, '& .status-filter': { minWidth: 220 } }}
      >
        <Typography variant="h2" component="h2">
          {t('batches.jobsTitle')}
        </Typography>
        <OutlinedField id="status-filter" label={t('batches.statusFilter')} select className="status-filter">
          <select id="status-filter" value={status} onChange={(event) => url.set({ status: event.target.value })}>
            <option value="">{t('batches.allStatuses')}</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`batches.status.${value}`)}
              </option>
            ))}
          </select>
        </OutlinedField>
      </Stack>
      {error && (
        <Typography role="alert" color="error">
          {shownMessage(error) ?? t('batches.jobsFailed')}
        </Typography>
      )}
      {isLoading && (
        <Box>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={44} />
          ))}
        </Box>
      )}
      {data && data.batches.length === 0 && (
        <Box sx={{ textAlign: 'center', py: 4 }}>
          <Typography sx={{ fontWeight: 600 }}>{empty}</Typography>
          {!status && <Typography color="text.secondary">{t('batches.noJobsNext')}</Typography>}
        </Box>
      )}
      {data && data.batches.length > 0 && phone && (
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {data.batches.map((batch) => {
            const completed = batch.status === 'completed' || batch.status === 'completed_with_errors';
            const hasErrors = batch.failed_records > 0 || batch.status === 'failed';
            const fileRefused = batch.status === 'failed' && batch.total_records === 0;
            return (
              <Box component="li" key={batch.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}>
                {/* A long name keeps its words whole: the status goes under it when both do not fit. */}
                <Stack
                  direction="row"
                  spacing={1}
                  useFlexGap
                  sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap' }}
                >
                  <Typography sx={{ fontWeight: 700, minWidth: 0, overflowWrap: 'break-word' }}>
                    <Name>{batch.name}</Name>
                  </Typography>
                  <BatchStatusChip status={batch.status} />
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {batch.filename} · {formatDate(batch.createdAt, i18n.language, 'dateTime')}
                </Typography>
                {fileRefused ? (
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    {t('batches.fileRefusedShort')}
                  </Typography>
                ) : (
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    {t('batches.received')} {formatNumber(batch.total_records, i18n.language)} · {t('batches.scored')}{' '}
                    {formatNumber(batch.processed_records, i18n.language)} · {t('batches.failed')}{' '}
                    {formatNumber(batch.failed_records, i18n.language)}
                  </Typography>
                )}
                <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                  {completed && (
                    <Button size="small" variant="contained" component={Link} to={`/result/batch/${batch.id}`}>
                      {t('batches.viewResults')}
                    </Button>
                  )}
                  {hasErrors && (
                    <Button
                      size="small"
                      color="warning"
                      startIcon={<ReportProblem />}
                      aria-expanded={openReport === batch.id}
                      onClick={() => setOpenReport(openReport === batch.id ? null : batch.id)}
                    >
                      {t('batches.errorReport')}
                    </Button>
                  )}
                </Stack>
                {openReport === batch.id && (
                  <Box sx={{ mt: 1.5 }}>
                    <BatchErrorReport batchId={batch.id} batchName={batch.name} />
                  </Box>
                )}
              </Box>
            );
          })}
        </Stack>
      )}
      {data && data.batches.length > 0 && !phone && (
        <TableContainer>
          <Table aria-label={t('batches.jobsTitle')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('batches.batchName')}</TableCell>
                <TableCell hide="sm">{t('batches.file')}</TableCell>
                <TableCell>{t('batches.statusLabel')}</TableCell>
                <TableCell align="right">{t('batches.received')}</TableCell>
                <TableCell align="right" hide="xs">
                  {t('batches.scored')}
                </TableCell>
                <TableCell align="right" hide="xs">
                  {t('batches.failed')}
                </TableCell>
                <TableCell hide="sm">{t('batches.uploadedAt')}</TableCell>
                <TableCell align="right">{t('batches.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.batches.map((batch) => {
                const completed = batch.status === 'completed' || batch.status === 'completed_with_errors';
                const hasErrors = batch.failed_records > 0 || batch.status === 'failed';
                const fileRefused = batch.status === 'failed' && batch.total_records === 0;
                return (
                  <Fragment key={batch.id}>
                    <TableRow hover>
                      <TableCell className="strong" style={{ minWidth: 150 }}>
                        <Name>{batch.name}</Name>
                      </TableCell>
                      <TableCell hide="sm" style={{ maxWidth: 220, overflowWrap: 'anywhere' }}>
                        {batch.filename}
                      </TableCell>
                      <TableCell>
                        <BatchStatusChip status={batch.status} />
                      </TableCell>
                      <TableCell align="right">{formatNumber(batch.total_records, i18n.language)}</TableCell>
                      <TableCell align="right" hide="xs">
                        {formatNumber(batch.processed_records, i18n.language)}
                      </TableCell>
                      <TableCell align="right" hide="xs" title={fileRefused ? t('batches.fileRefusedShort') : undefined}>
                        {fileRefused ? '—' : formatNumber(batch.failed_records, i18n.language)}
                      </TableCell>
                      <TableCell hide="sm">{formatDate(batch.createdAt, i18n.language, 'dateTime')}</TableCell>
                      <TableCell align="right">
                        <Stack
                          direction={{ xs: 'column', xl: 'row' }}
                          spacing={1}
                          sx={{ justifyContent: 'flex-end', alignItems: 'flex-end' }}
                        >
                          {completed && (
                            <Button
                              size="small"
                              variant="contained"
                              component={Link}
                              to={`/result/batch/${batch.id}`}
                              sx={{ whiteSpace: 'nowrap' }}
                            >
                              {t('batches.viewResults')}
                            </Button>
                          )}
                          {hasErrors && (
                            <Button
                              size="small"
                              color="warning"
                              startIcon={<ReportProblem />}
                              aria-expanded={openReport === batch.id}
                              onClick={() => setOpenReport(openReport === batch.id ? null : batch.id)}
                              sx={{ whiteSpace: 'nowrap' }}
                            >
                              {t('batches.errorReport')}
                            </Button>
                          )}
                        </Stack>
                      </TableCell>
                    </TableRow>
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {/* Below the table, not in a row of it: a wide report inside a table that scrolls sideways was half hidden. */}
      {!phone && openBatch && (
        <Collapse in>
          <Box className="error-report-cell" sx={{ mt: 2, p: 2, borderRadius: 1 }}>
            <BatchErrorReport batchId={openBatch.id} batchName={openBatch.name} />
          </Box>
        </Collapse>
      )}
      {data && <Pager page={page} totalPages={data.pagination.totalPages} onChange={(next) => url.set({ page: next })} />}
    </Paper>
  );
}
