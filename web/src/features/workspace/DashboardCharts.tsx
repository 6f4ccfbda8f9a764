import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { NearScreen } from '../../shared/NearScreen';
import { Skeleton } from '../../shared/Skeleton';
import type { Dashboard } from './api';

const SeriesChart = lazy(() => import('./SeriesChart').then((module) => ({ default: module.SeriesChart })));
const BucketChart = lazy(() => import('./BucketChart').then((module) => ({ default: module.BucketChart })));

// Grey boxes of each chart's exact size (the distribution chart has its marker's line under it), shown
// while the figures or the chart's code load, so nothing below moves when the charts appear.
const seriesPlaceholder = <Skeleton variant="rounded" sx={{ height: { xs: 240, sm: 280 } }} />;
const bucketsPlaceholder = (
  <>
    <Skeleton variant="rounded" height={260} />
    <Skeleton width="60%" sx={{ mt: 1 }} />
  </>
);

type Props = { data: Dashboard | undefined };

/** The period's series and the score distribution, each chart loaded when it nears the screen. */
export function DashboardCharts({ data }: Props) {
  const { t } = useTranslation();
  return (
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
  );
}
