import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A section's heading inside a compliance page (h2) or inside one of its sections (h3). */
export function SectionTitle({ id, level = 2, children }: { id?: string; level?: 2 | 3; children: ReactNode }) {
  return (
    <Typography
      id={id}
      variant={level === 2 ? 'h2' : 'h3'}
      sx={{ fontSize: level === 2 ? '1.125rem' : '1rem', fontWeight: 700, m: 0, mb: 1.5 }}
    >
      {children}
    </Typography>
  );
}
