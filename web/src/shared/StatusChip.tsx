export type ChipTone = 'pending' | 'good' | 'bad' | 'neutral';

// Dark text on pale fills: at least 4.5:1 everywhere.
const TONES: Record<ChipTone, { backgroundColor: string; color: string }> = {
  pending: { backgroundColor: '#fff4e0', color: '#7a4100' },
  good: { backgroundColor: '#e3f3e7', color: '#1b5e2d' },
  bad: { backgroundColor: '#fde8e6', color: '#9b1c13' },
  neutral: { backgroundColor: '#eceff3', color: '#35414d' },
};

/**
 * The pills' look (a small filled chip's), given once to the signed-in pages (shared/SignedInStyles.tsx):
 * tables show one per row, and a plain element with a class costs nothing to style where a Chip each
 * had its styles worked out on every render.
 */
export const statusChipStyles = {
  '.status-chip': {
    display: 'inline-flex',
    alignItems: 'center',
    boxSizing: 'border-box',
    height: 24,
    padding: '0 8px',
    borderRadius: 16,
    fontSize: '0.8125rem',
    lineHeight: 1,
    fontWeight: 600,
    whiteSpace: 'nowrap',
    verticalAlign: 'middle',
  },
  ...Object.fromEntries(Object.entries(TONES).map(([tone, colours]) => [`.status-chip.chip-${tone}`, colours])),
};

/** A status word in a small coloured pill. */
export function StatusChip({ label, tone }: { label: string; tone: ChipTone }) {
  return <span className={`status-chip chip-${tone}`}>{label}</span>;
}
