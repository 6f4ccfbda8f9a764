import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ElementType } from 'react';

type Props = {
  variant?: 'text' | 'rounded' | 'rectangular';
  width?: number | string;
  height?: number | string;
  /** Only where a placeholder needs more than its size (a margin, a height per breakpoint). */
  sx?: SxProps<Theme>;
  component?: ElementType;
};

/**
 * MUI's Skeleton look (a grey block that pulses; a text line drawn at 60 % of its height), given once
 * in the app's global styles: placeholders show on every signed-in page while it loads, where MUI's
 * Skeleton worked out its keyframes and styles again each time.
 */
export const skeletonStyles = (theme: Theme) => ({
  '@keyframes skeleton-pulse': { '0%': { opacity: 1 }, '50%': { opacity: 0.4 }, '100%': { opacity: 1 } },
  '.skeleton': {
    display: 'block',
    height: '1.2em',
    backgroundColor: 'rgba(23, 33, 43, 0.11)',
    animation: 'skeleton-pulse 2s ease-in-out 0.5s infinite',
  },
  '.skeleton.text': {
    height: 'auto',
    transformOrigin: '0 55%',
    transform: 'scale(1, 0.60)',
    // Half the theme's 8 px radius, stretched back against the 60 % scale (as MUI's text skeleton).
    borderRadius: '4px/6.7px',
    '&:empty:before': { content: '"\\00a0"' },
  },
  '.skeleton.rounded': { borderRadius: theme.shape.borderRadius },
});

/** A placeholder of the content's size while it loads (MUI Skeleton's props). */
export function Skeleton({ variant = 'text', width, height, sx, component = 'span' }: Props) {
  const className = `skeleton ${variant}`;
  const style = { width, height };
  if (sx) return <Box component={component} className={className} style={style} sx={sx} />;
  const Element = component;
  return <Element className={className} style={style} />;
}
