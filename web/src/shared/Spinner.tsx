import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

const SIZES = { small: 20, medium: 40, large: 64 } as const;

type Props = { size?: keyof typeof SIZES; text?: string; fullScreen?: boolean };

/**
 * MUI's indeterminate CircularProgress look (the ring turns while its arc grows and shrinks), given once
 * in the app's global styles: the spinner shows on every page load, where CircularProgress's keyframes
 * and styles were worked out again each time.
 */
export const spinnerStyles = (theme: Theme) => ({
  '@keyframes spinner-rotate': { '0%': { transform: 'rotate(0deg)' }, '100%': { transform: 'rotate(360deg)' } },
  '@keyframes spinner-dash': {
    '0%': { strokeDasharray: '1px, 200px', strokeDashoffset: 0 },
    '50%': { strokeDasharray: '100px, 200px', strokeDashoffset: '-15px' },
    '100%': { strokeDasharray: '1px, 200px', strokeDashoffset: '-126px' },
  },
  '.spinner': { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12, padding: 16 },
  '.spinner > svg': { color: theme.palette.primary.main, animation: 'spinner-rotate 1.4s linear infinite' },
  '.spinner circle': {
    stroke: 'currentColor',
    strokeDasharray: '80px, 200px',
    strokeDashoffset: 0,
    animation: 'spinner-dash 1.4s ease-in-out infinite',
  },
  '.spinner-text': { ...theme.typography.body1, margin: 0, color: theme.palette.text.secondary },
  '.spinner-text.small': theme.typography.body2,
  '.spinner-overlay': {
    position: 'fixed',
    inset: 0,
    zIndex: theme.zIndex.modal + 1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: 'rgba(243, 245, 248, 0.92)',
  },
});

/** The loading spinner: three sizes, default text Loading..., optionally over the whole screen. */
export function Spinner({ size = 'medium', text, fullScreen = false }: Props) {
  const { t } = useTranslation();
  const label = text ?? t('common.loading');
  const pixels = SIZES[size];
  const body = (
    <div role="status" aria-live="polite" className="spinner">
      <svg width={pixels} height={pixels} viewBox="22 22 44 44" aria-hidden="true" focusable="false">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
      <p className={size === 'small' ? 'spinner-text small' : 'spinner-text'}>{label}</p>
    </div>
  );
  return fullScreen ? <div className="spinner-overlay">{body}</div> : body;
}
