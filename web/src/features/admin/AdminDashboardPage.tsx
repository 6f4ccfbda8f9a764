import AccountBalance from '@mui/icons-material/AccountBalance';
import HourglassTop from '@mui/icons-material/HourglassTop';
import People from '@mui/icons-material/People';
import Tune from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errorMessage';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { NearScreen } from '../../shared/NearScreen';
import { PageHeader } from '../../shared/PageHeader';
import { useAdminDashboardQuery } from './dashboard/dashboardApi';
import { NavigationCards } from './dashboard/NavigationCards';
import { RecentActivity } from './dashboard/RecentActivity';
import { TrendCard } from './dashboard/TrendCard';
import { Skeleton } from '../../shared/Skeleton';

// recharts is fetched only when the chart is drawn; its box keeps the chart's height meanwhile.
const MonthlyChart = lazy(() => import('./dashboard/MonthlyChart').then((module) => ({ default: module.MonthlyChart })));

/** Admin dashboard (/admin/dashboard): the four figures, the way into each screen, 12 months of activity and the latest events. */
export function AdminDashboardPage() {
  const { t } = useTranslation();
  const { data: latest, error, refetch } = useAdminDashboardQuery(undefined, { refetchOnMountOrArgChange: 30 });
  // The figures arrive as an urgent store update; drawing them is deferred so React draws them in slices.
  const data = useDeferredValue(latest);
  const stats = [
    { key: 'totalUsers', icon: <People /> },
    { key: 'activeInstitutions', icon: <AccountBalance /> },
    { key: 'pendingApprovals', icon: <HourglassTop /> },
    { key: 'systemParameters', icon: <Tune /> },
  ] as const;
  return (
    <>
      <PageHeader title={t('pages.adminDashboard')} subtitle={t('admin.dashboard.subtitle')} />
      <ErrorBanner message={error ? errorMessage(error, t('admin.dashboard.loadFailed')) : null} onClose={() => void refetch()} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', lg: 'repeat(4, 1fr)' }, mb: 3 }}>
        {stats.map((stat) => (
          <TrendCard key={stat.key} label={t(`admin.dashboard.stats.${stat.key}`)} icon={stat.icon} figure={data?.[stat.key]} />
        ))}
      </Box>
      <Box component="section" aria-labelledby="admin-nav-title" sx={{ mb: 3 }}>
        <Typography id="admin-nav-title" variant="h2" component="h2" sx={{ mb: 1.5 }}>
          {t('admin.dashboard.manage')}
        </Typography>
        <NavigationCards />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="admin-chart-title"
          sx={{ p: 2.5, position: 'relative', minWidth: 0 }}
        >
          <Typography id="admin-chart-title" variant="h2" component="h2">
            {t('admin.dashboard.chartTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('admin.dashboard.chartHint')}
          </Typography>
          {data ? (
            <NearScreen placeholder={<Skeleton variant="rectangular" height={280} />}>
              <MonthlyChart months={data.monthly} />
            </NearScreen>
          ) : (
            <Skeleton variant="rectangular" height={280} />
          )}
        </Paper>
        <Paper variant="outlined" component="section" sx={{ p: 2.5, minWidth: 0 }}>
          <RecentActivity entries={data?.recentActivity} />
        </Paper>
      </Box>
    </>
  );
}
