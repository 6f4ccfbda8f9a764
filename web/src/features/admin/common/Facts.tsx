import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

type Props = { items: { label: string; value: ReactNode }[] };

/** Label and value pairs as a definition list: two columns on a wide screen, stacked on a phone. */
export function Facts({ items }: Props) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(160px, max-content) minmax(0, 1fr)' },
        columnGap: 3,
        rowGap: { xs: 0.25, sm: 1.25 },
      }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary', fontWeight: 600, fontSize: '0.875rem', mt: { xs: 1, sm: 0 } }}>
            {item.label}
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {item.value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
