import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shownMessage } from '../../api/errorMessage';
import { MemberMay } from '../../session/MemberMay';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { formatDate } from '../../shared/formatting';
import { OutlinedField } from '../../shared/OutlinedField';
import { saveBlob } from '../../shared/saveBlob';
import { useDashboardQuery, useFirstStepsQuery } from './api';
import { DashboardCharts } from './DashboardCharts';
import { dashboardCsv } from './dashboardCsv';
import { DashboardFigures } from './DashboardFigures';
import { FirstStepsChecklist } from './FirstStepsChecklist';
import { QuickActions } from './QuickActions';
import { RecentActivity } from './RecentActivity';
import { PERIODS, useDashboardPeriod } from './useDashboardPeriod';

/** Workspace Dashboard (/workspace-dashboard): the period's figures, charts and recent activity, on real data. */
export function WorkspaceDashboardPage() {
  const { t, i18n } = useTranslation();
  const { period, setPeriod } = useDashboardPeriod();
  const { data: latest, error, isFetching, refetch } = useDashboardQuery(period);
  // The figures arrive as an urgent store update; drawing them is deferred so React draws them in slices.
  const data = useDeferredValue(latest);
  const empty = data !== undefined && data.totalClientsProcessed.value === 0;
  // Read again on every visit: a template download invalidates nothing.
  const { data: firstSteps } = useFirstStepsQuery(undefined, { refetchOnMountOrArgChange: true });
  // Until the first batch is scored; a working dashboard shows no checklist.
  const firstDay = firstSteps?.steps.some((step) => step.step === 'firstBatchScored' && !step.done) ?? false;

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
        {/* On a phone the period and the export share a line when both fit whole (French's are longer), else take one each. */}
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{
            flexShrink: 0,
            flexWrap: 'wrap',
            '& .period': { minWidth: 200, flex: '1 1 auto' },
            '& > .MuiButton-root': { whiteSpace: 'nowrap', flex: '1 1 auto' },
          }}
        >
          <OutlinedField id="period" label={t('workspace.period')} select className="period">
            <select id="period" value={period} onChange={(event) => setPeriod(event.target.value)}>
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
      {firstDay && firstSteps && <FirstStepsChecklist firstSteps={firstSteps} />}
      <DashboardFigures data={data} isFetching={isFetching} />
      {empty && !firstDay && (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
            {t('workspace.emptyTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('workspace.emptyBody')}
          </Typography>
          <MemberMay action="upload">
            <Button variant="contained" component={Link} to="/batch-assessment" startIcon={<UploadFile />}>
              {t('workspace.inputBatch')}
            </Button>
          </MemberMay>
        </Paper>
      )}
      <QuickActions />
      {!empty && (data || !error) && <DashboardCharts data={data} />}
      <RecentActivity data={data} />
    </Stack>
  );
}
