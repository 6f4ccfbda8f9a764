import type { Theme } from '@mui/material/styles';

export type Tone = 'success' | 'warning' | 'error';

/**
 * The tone badges' look, given once to the signed-in pages (shared/SignedInStyles.tsx): a page of results
 * draws dozens of badges, and a plain element with a class costs nothing to style, where a Chip each
 * had its styles computed on every render (much of a phone's time drawing such a page). The look is an
 * outlined small chip's.
 */
export const toneBadgeStyles = (theme: Theme) => ({
  '.tone-badge': {
    display: 'inline-flex',
    alignItems: 'center',
    boxSizing: 'border-box',
    height: 24,
    padding: '0 7px',
    borderRadius: 16,
    border: '1px solid',
    fontSize: '0.8125rem',
    lineHeight: 1,
    fontWeight: 700,
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
    verticalAlign: 'middle',
  },
  ...Object.fromEntries(
    (['success', 'warning', 'error'] as const).map((tone) => [
      `.tone-badge.tone-${tone}`,
      { color: theme.palette[tone].main, borderColor: `${theme.palette[tone].main}b3` },
    ]),
  ),
});

/** A short text (an amount, a percent) on its tone's colour. */
export const ToneBadge = ({ tone, children }: { tone: Tone; children: string }) => (
  <span className={`tone-badge tone-${tone}`}>{children}</span>
);
