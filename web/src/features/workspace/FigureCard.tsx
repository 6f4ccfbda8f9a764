import { formatNumber } from '../../shared/formatting';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import CardActionArea from '@mui/material/CardActionArea';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type Props = { label: string; value: ReactNode; change: number | null; to: string; icon: ReactNode; extra?: ReactNode };

/** One dashboard figure with its change against the previous period; the whole card links on. */
export function FigureCard({ label, value, change, to, icon, extra }: Props) {
  const { t, i18n } = useTranslation();
  const up = change !== null && change > 0;
  const down = change !== null && change < 0;
  return (
    <Paper variant="outlined" sx={{ minWidth: 0, '&:hover': { borderColor: 'primary.main' } }}>
      <CardActionArea component={Link} to={to} sx={{ p: 2, height: '100%', display: 'block' }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
          <Typography component="h2" variant="body2" sx={{ fontWeight: 600, color: 'text.secondary' }}>
            {label}
          </Typography>
          <Box aria-hidden="true" sx={{ color: 'primary.main', display: 'flex' }}>
            {icon}
          </Box>
        </Box>
        <Typography
          component="p"
          sx={{
            fontSize: { xs: '1.6rem', md: '1.3rem', xl: '1.6rem' },
            overflowWrap: 'anywhere',
            fontWeight: 800,
            fontVariantNumeric: 'tabular-nums',
            my: 0.5,
          }}
        >
          {value}
        </Typography>
        {extra}
        <Typography
          component="p"
          variant="body2"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: up ? 'success.dark' : down ? 'error.dark' : 'text.secondary' }}
        >
          {up && <ArrowUpward fontSize="inherit" aria-hidden="true" />}
          {down && <ArrowDownward fontSize="inherit" aria-hidden="true" />}
          {change === null
            ? t('workspace.noPrevious')
            : t('workspace.changeVsPrevious', { change: `${change > 0 ? '+' : ''}${formatNumber(change, i18n.language, 1)} %` })}
        </Typography>
      </CardActionArea>
    </Paper>
  );
}
