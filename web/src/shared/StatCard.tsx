import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One figure with its label. */
export function StatCard({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="div"
        sx={{
          fontSize: { xs: '1.25rem', md: '1.125rem', xl: '1.4rem' },
          fontWeight: 700,
          fontVariantNumeric: 'tabular-nums',
          overflowWrap: 'anywhere',
        }}
      >
        {value}
      </Typography>
      {note && (
        <Typography component="div" variant="body2" color="text.secondary">
          {note}
        </Typography>
      )}
    </Paper>
  );
}
