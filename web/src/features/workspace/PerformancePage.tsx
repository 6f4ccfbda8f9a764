import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { shownMessage } from '../../api/errorMessage';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { formatCompact, formatDate, formatNumber } from '../../shared/formatting';
import { Money } from '../../shared/Money';
import { NearScreen } from '../../shared/NearScreen';
import { RouterLink } from '../../shared/RouterLink';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../shared/table';
import { StatCard } from '../../shared/StatCard';
import { usePerformanceQuery, type Bucket } from './api';
import { Skeleton } from '../../shared/Skeleton';
import { Name } from '../../shared/Name';

const BucketChart = lazy(() => import('./BucketChart').then((module) => ({ default: module.BucketChart })));

function ChartPanel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 }, minWidth: 0 }} component="section" aria-labelledby={id}>
      <Typography id={id} variant="h2" component="h2" sx={{ mb: 1, fontSize: '1.15rem' }}>
        {title}
      </Typography>
      <NearScreen placeholder={<Skeleton variant="rounded" height={240} />}>{children}</NearScreen>
    </Paper>
  );
}

/** /performance: the portfolio by each client's latest result, its distributions, and the batches over time. */
export function PerformancePage() {
  const { t, i18n } = useTranslation();
  const { data, error, refetch } = usePerformanceQuery();
  const percent = (value: number) => `${formatNumber(value, i18n.language, 1)} %`;
  const limitLabel = (bucket: Bucket) =>
    bucket.from === 0 && bucket.to === 1
      ? t('workspace.declined')
      : bucket.to === null
        ? t('workspace.bandAbove', { from: formatCompact(bucket.from, i18n.language) })
        : `${formatCompact(bucket.from, i18n.language)}–${formatCompact(bucket.to, i18n.language)}`;
  return (
    <Stack spacing={2.5}>
      <div>
        <Typography variant="h1" component="h1">
          {t('pages.performance')}
        </Typography>
        <Typography color="text.secondary">{t('workspace.performanceIntro')}</Typography>
      </div>
      <ErrorBanner message={error ? (shownMessage(error) ?? t('workspace.loadFailed')) : null} onClose={() => void refetch()} />
      {!data && !error && <Skeleton variant="rounded" height={240} />}
      {data && data.clients === 0 && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography>{t('workspace.noPerformance')}</Typography>
        </Paper>
      )}
      {data && data.clients > 0 && (
        <>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fit, minmax(190px, 1fr))' }}>
            <StatCard label={t('workspace.portfolioClients')} value={formatNumber(data.clients, i18n.language)} />
            <StatCard label={t('workspace.approvalRate')} value={percent(data.approvalRate)} />
            <StatCard label={t('workspace.averageScore')} value={percent(data.avgScore)} />
            <StatCard label={t('workspace.averageInterestRate')} value={`${formatNumber(data.avgInterestRate, i18n.language, 2)} %`} />
            <StatCard label={t('workspace.totalCreditLimit')} value={<Money amount={data.totalCreditLimit} />} />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(3, minmax(0, 1fr))' } }}>
            <ChartPanel id="limit-bands" title={t('workspace.limitBands')}>
              <BucketChart buckets={data.creditLimitBands} label={limitLabel} seriesName={t('workspace.portfolioClients')} height={240} />
            </ChartPanel>
            <ChartPanel id="rate-bands" title={t('workspace.rateBands')}>
              <BucketChart
                buckets={data.interestRateBands}
                label={(bucket) => `${bucket.from}–${bucket.to ?? ''} %`}
                seriesName={t('workspace.portfolioClients')}
                colour="#b45309"
                height={240}
              />
            </ChartPanel>
            <ChartPanel id="score-buckets" title={t('workspace.scoreHistogram')}>
              <BucketChart
                buckets={data.scoreBuckets}
                label={(bucket) => `${bucket.from}–${bucket.to ?? ''}`}
                seriesName={t('workspace.portfolioClients')}
                colour="#3a6f91"
                height={240}
              />
            </ChartPanel>
          </Box>
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }} component="section" aria-labelledby="per-batch">
            <Typography id="per-batch" variant="h2" component="h2" sx={{ mb: 1 }}>
              {t('workspace.perBatch')}
            </Typography>
            <TableContainer>
              <Table aria-label={t('workspace.perBatch')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('workspace.batch')}</TableCell>
                    <TableCell hide="xs">{t('workspace.date')}</TableCell>
                    <TableCell align="right">{t('workspace.portfolioClients')}</TableCell>
                    <TableCell align="right">{t('workspace.approvalRate')}</TableCell>
                    <TableCell align="right" hide="sm">
                      {t('workspace.averageCreditLimit')}
                    </TableCell>
                    <TableCell align="right" hide="sm">
                      {t('workspace.averageInterestRate')}
                    </TableCell>
                    <TableCell align="right" hide="sm">
                      {t('workspace.averageScore')}
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {[...data.batches].reverse().map((batch) => (
                    <TableRow key={batch.id}>
                      <TableCell>
                        <RouterLink to={`/result/batch/${batch.id}`}>
                          <Name>{batch.name}</Name>
                        </RouterLink>
                      </TableCell>
                      <TableCell hide="xs">{formatDate(batch.createdAt, i18n.language)}</TableCell>
                      <TableCell align="right">{formatNumber(batch.clients, i18n.language)}</TableCell>
                      <TableCell align="right">{percent(batch.approvalRate)}</TableCell>
                      <TableCell align="right" hide="sm">
                        <Money amount={batch.avgCreditLimit} />
                      </TableCell>
                      <TableCell align="right" hide="sm">
                        {`${formatNumber(batch.avgInterestRate, i18n.language, 2)} %`}
                      </TableCell>
                      <TableCell align="right" hide="sm">
                        {percent(batch.avgScore)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Paper>
        </>
      )}
    </Stack>
  );
}
