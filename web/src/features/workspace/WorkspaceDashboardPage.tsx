import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import Download from '@mui/icons-material/Download';
import Insights from '@mui/icons-material/Insights';
import Percent from '@mui/icons-material/Percent';
import People from '@mui/icons-material/People';
import TableChart from '@mui/icons-material/TableChart';
import Tune from '@mui/icons-material/Tune';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { shownMessage } from '../../api/errorMessage';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { formatDate } from '../../shared/formatting';
import { Money } from '../../shared/Money';
import { NearScreen } from '../../shared/NearScreen';
import { OutlinedField } from '../../shared/OutlinedField';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../shared/table';
import { saveBlob } from '../batches/download';
import { formatNumber } from '../batches/formatNumber';
import { useDashboardQuery, type Period } from './api';
import { dashboardCsv } from './dashboardCsv';
import { FigureCard } from './FigureCard';
import { Skeleton } from '../../shared/Skeleton';

const SeriesChart = lazy(() => import('./SeriesChart').then((module) => ({ default: module.SeriesChart })));
const BucketChart = lazy(() => import('./BucketChart').then((module) => ({ default: module.BucketChart })));

const PERIODS: Period[] = ['7d', '30d', '90d', '12m'];

// Grey boxes of each chart's exact size (the distribution chart has its marker's line under it), shown
// while the figures or the chart's code load, so nothing below moves when the charts appear.
const seriesPlaceholder = <Skeleton variant="rounded" sx={{ height: { xs: 240, sm: 280 } }} />;
const bucketsPlaceholder = (
  <>
    <Skeleton variant="rounded" height={260} />
    <Skeleton width="60%" sx={{ mt: 1 }} />
  </>
);
const SHOWN_ACTIVITY = 5;

/** Workspace Dashboard (/workspace-dashboard): the period's figures, charts and recent activity, on real data. */
export function WorkspaceDashboardPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const period = (PERIODS as string[]).includes(params.get('period') ?? '') ? (params.get('period') as Period) : '30d';
  const { data: latest, error, isFetching, refetch } = useDashboardQuery(period);
  // The figures arrive as an urgent store update; drawing them is deferred so React draws them in slices.
  const data = useDeferredValue(latest);
  const [allActivity, setAllActivity] = useState(false);
  const empty = data !== undefined && data.totalClientsProcessed.value === 0;
  const activity = data ? (allActivity ? data.recentActivity : data.recentActivity.slice(0, SHOWN_ACTIVITY)) : [];

  const exportReport = () => {
    if (!data) return;
    saveBlob(new Blob(['\uFEFF', dashboardCsv(data, t)], { type: 'text/csv;charset=utf-8' }), `workspace-report-${period}.csv`);
  };

  return (
    <Stack spacing={2.5}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}
      >
        <div>
          <Typography variant="h1" component="h1">
            {t('pages.workspaceDashboard')}
          </Typography>
          <Typography color="text.secondary">
            {data
              ? t('workspace.periodRange', { from: formatDate(data.from, i18n.language), to: formatDate(data.to, i18n.language) })
              : '\u00a0'}
          </Typography>
        </div>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0, '& .period': { minWidth: 170 } }}>
          <OutlinedField id="period" label={t('workspace.period')} select className="period">
            <select
              id="period"
              value={period}
              onChange={(event) => setParams(event.target.value === '30d' ? {} : { period: event.target.value }, { replace: true })}
            >
              {PERIODS.map((value) => (
                <option key={value} value={value}>
                  {t(`workspace.periods.${value}`)}
                </option>
              ))}
            </select>
          </OutlinedField>
          <Button variant="outlined" startIcon={<Download />} onClick={exportReport} disabled={!data}>
            {t('workspace.exportReport')}
          </Button>
        </Stack>
      </Stack>
      <ErrorBanner message={error ? (shownMessage(error) ?? t('workspace.loadFailed')) : null} onClose={() => void refetch()} />
      <Box
        component="section"
        aria-label={t('workspace.figures')}
        aria-busy={isFetching}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, minmax(0, 1fr))' } }}
      >
        {data ? (
          <>
            <FigureCard
              label={t('workspace.totalClients')}
              value={formatNumber(data.totalClientsProcessed.value, i18n.language)}
              change={data.totalClientsProcessed.change}
              to="/clients"
              icon={<People />}
            />
            <FigureCard
              label={t('workspace.averageCreditLimit')}
              value={<Money amount={data.averageCreditLimit.value} />}
              change={data.averageCreditLimit.change}
              to="/results"
              icon={<AccountBalanceWallet />}
            />
            <FigureCard
              label={t('workspace.averageInterestRate')}
              value={`${formatNumber(data.averageInterestRate.value, i18n.language, 2)} %`}
              change={data.averageInterestRate.change}
              to="/parameters"
              icon={<Percent />}
            />
            <FigureCard
              label={t('workspace.performanceScore')}
              value={`${formatNumber(data.performanceScore.value, i18n.language, 1)} %`}
              change={data.performanceScore.change}
              to="/performance"
              icon={<Insights />}
              extra={
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t('workspace.approvalRateValue', {
                    rate: `${formatNumber(data.performanceScore.approvalRate.value, i18n.language, 1)} %`,
                  })}
                </Typography>
              }
            />
          </>
        ) : (
          // The cards' heights once filled (the last has one more line), so nothing moves when they are.
          [0, 1, 2, 3].map((index) => <Skeleton key={index} variant="rounded" sx={{ height: { xs: index === 3 ? 144 : 124, lg: 164 } }} />)
        )}
      </Box>
      {empty && (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
            {t('workspace.emptyTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('workspace.emptyBody')}
          </Typography>
          <Button variant="contained" component={Link} to="/batch-assessment" startIcon={<UploadFile />}>
            {t('workspace.inputBatch')}
          </Button>
        </Paper>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} component="section" aria-labelledby="quick-actions">
        <Typography id="quick-actions" variant="h2" component="h2" sx={{ mb: 1.5 }}>
          {t('workspace.quickActions')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button variant="contained" component={Link} to="/batch-assessment" startIcon={<UploadFile />}>
            {t('workspace.inputBatch')}
          </Button>
          <Button variant="outlined" component={Link} to="/results" startIcon={<TableChart />}>
            {t('workspace.viewResults')}
          </Button>
          <Button variant="outlined" component={Link} to="/parameters" startIcon={<Tune />}>
            {t('workspace.configureParameters')}
          </Button>
        </Stack>
      </Paper>
      {!empty && (data || !error) && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' } }}>
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 }, minWidth: 0 }} component="section" aria-labelledby="series-title">
            <Typography id="series-title" variant="h2" component="h2" sx={{ mb: 1 }}>
              {t('workspace.seriesTitle')}
            </Typography>
            {data ? (
              <NearScreen placeholder={seriesPlaceholder}>
                <SeriesChart series={data.series} />
              </NearScreen>
            ) : (
              seriesPlaceholder
            )}
          </Paper>
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 }, minWidth: 0 }} component="section" aria-labelledby="distribution-title">
            <Typography id="distribution-title" variant="h2" component="h2" sx={{ mb: 1 }}>
              {t('workspace.distributionTitle')}
            </Typography>
            {data ? (
              <NearScreen placeholder={bucketsPlaceholder}>
                <BucketChart
                  buckets={data.scoreDistribution.buckets}
                  label={(bucket) => `${bucket.from}–${bucket.to ?? ''}`}
                  seriesName={t('workspace.clientsScored')}
                  marker={{
                    at: data.scoreDistribution.minimumScore,
                    text: t('workspace.minimumScoreLine', { score: data.scoreDistribution.minimumScore }),
                  }}
                />
              </NearScreen>
            ) : (
              bucketsPlaceholder
            )}
          </Paper>
        </Box>
      )}
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 2, sm: 2.5 },
          '& .activity-details': { minWidth: { sm: 180 } },
          '& .activity-time': { display: { xs: 'block', sm: 'none' } },
        }}
        component="section"
        aria-labelledby="activity-title"
      >
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography id="activity-title" variant="h2" component="h2">
            {t('workspace.recentActivity')}
          </Typography>
          {data && data.recentActivity.length > SHOWN_ACTIVITY && (
            <Button size="small" onClick={() => setAllActivity(!allActivity)} aria-expanded={allActivity}>
              {allActivity ? t('workspace.showLess') : t('workspace.viewAllActivity')}
            </Button>
          )}
        </Stack>
        {data && data.recentActivity.length === 0 && <Typography color="text.secondary">{t('workspace.noActivity')}</Typography>}
        {activity.length > 0 && (
          <TableContainer>
            <Table aria-label={t('workspace.recentActivity')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('workspace.action')}</TableCell>
                  <TableCell>{t('workspace.details')}</TableCell>
                  <TableCell hide="sm">{t('workspace.user')}</TableCell>
                  <TableCell hide="xs">{t('workspace.timestamp')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {activity.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell className="strong">{t(`workspace.actions.${row.action}`, { defaultValue: row.action })}</TableCell>
                    <TableCell className="activity-details">
                      {row.description}
                      <span className="muted activity-time">{formatDate(row.timestamp, i18n.language, 'dateTime')}</span>
                    </TableCell>
                    <TableCell hide="sm">{row.user}</TableCell>
                    <TableCell hide="xs" nowrap>
                      {formatDate(row.timestamp, i18n.language, 'dateTime')}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
    </Stack>
  );
}
