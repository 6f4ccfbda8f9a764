import { numberFormat } from '../../../shared/formatting';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Figure } from './dashboardApi';
import { Skeleton } from '../../../shared/Skeleton';

type Props = { label: string; icon: ReactNode; figure: Figure | undefined };

/** One dashboard figure with its change from the same day last month. */
export function TrendCard({ label, icon, figure }: Props) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const change = figure?.change ?? 0;
  const signed = numberFormat(i18n.language, { signDisplay: 'exceptZero' }).format(change);
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 1.75, sm: 2.5 }, height: '100%', display: 'flex', gap: { xs: 1, sm: 2 }, alignItems: 'flex-start' }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography component="h2" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography component="p" sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.3 }}>
          {figure ? number.format(figure.value) : <Skeleton width={60} />}
        </Typography>
        {/* The change line is there while loading too (grey bars), so the cards keep their height when the figures arrive. */}
        <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}>
          {!figure && (
            // Two lines on a phone, where the narrow card wraps the change onto a second line.
            <Box component="span" sx={{ width: '100%' }}>
              <Skeleton width="75%" />
              <Skeleton width="50%" sx={{ display: { sm: 'none' } }} />
            </Box>
          )}
          {figure && change > 0 && <ArrowUpward sx={{ fontSize: 16, color: '#1b5e2d' }} aria-hidden="true" />}
          {figure && change < 0 && <ArrowDownward sx={{ fontSize: 16, color: '#9b1c13' }} aria-hidden="true" />}
          {figure && (change === 0 ? t('admin.dashboard.noChange') : t('admin.dashboard.change', { change: signed }))}
        </Typography>
      </Box>
      <Box
        aria-hidden="true"
        sx={{
          display: { xs: 'none', sm: 'grid' },
          width: 44,
          height: 44,
          borderRadius: 2,
          bgcolor: '#e8f0f6',
          color: 'primary.main',
          placeItems: 'center',
        }}
      >
        {icon}
      </Box>
    </Paper>
  );
}
