import Chip from '@mui/material/Chip';

export type ChipTone = 'pending' | 'good' | 'bad' | 'neutral';

// Dark text on pale fills: at least 4.5:1 everywhere.
const TONES: Record<ChipTone, { bgcolor: string; color: string }> = {
  pending: { bgcolor: '#fff4e0', color: '#7a4100' },
  good: { bgcolor: '#e3f3e7', color: '#1b5e2d' },
  bad: { bgcolor: '#fde8e6', color: '#9b1c13' },
  neutral: { bgcolor: '#eceff3', color: '#35414d' },
};

type Props = { label: string; tone: ChipTone };

/** A status word in a small coloured pill. */
export function StatusChip({ label, tone }: Props) {
  return <Chip size="small" label={label} sx={{ ...TONES[tone], fontWeight: 600 }} />;
}
