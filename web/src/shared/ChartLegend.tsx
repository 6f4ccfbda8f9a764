import Box from '@mui/material/Box';

type Item = { name: string; colour: string; shape: 'bar' | 'line' };

/** The legend's height (one line and the space above it): a chart with a legend is drawn this much shorter, so the two fill the chart's place. */
export const LEGEND_HEIGHT = 28;

/**
 * A chart's legend as plain HTML under it. Recharts' Legend measures itself once drawn and has the
 * chart laid out and drawn again for its size, which doubled a chart's first render on a slow phone.
 */
export function ChartLegend({ items }: { items: Item[] }) {
  return (
    <Box
      component="ul"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'center',
        gap: '4px 16px',
        listStyle: 'none',
        m: 0,
        p: 0,
        pt: 1,
        minHeight: LEGEND_HEIGHT,
        boxSizing: 'border-box',
        fontSize: 13,
        lineHeight: '20px',
      }}
    >
      {items.map((item) => (
        <Box component="li" key={item.name} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: '#17212b' }}>
          <Box
            component="span"
            aria-hidden="true"
            sx={
              item.shape === 'bar' ? { width: 12, height: 12, bgcolor: item.colour } : { width: 16, borderTop: `2px solid ${item.colour}` }
            }
          />
          {item.name}
        </Box>
      ))}
    </Box>
  );
}
