import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const SIZES = { small: 20, medium: 40, large: 64 } as const;

type Props = { size?: keyof typeof SIZES; text?: string; fullScreen?: boolean };

/** The loading spinner: three sizes, default text Loading..., optionally over the whole screen. */
export function Spinner({ size = 'medium', text, fullScreen = false }: Props) {
  const { t } = useTranslation();
  const label = text ?? t('common.loading');
  const body = (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, p: 2 }}>
      <CircularProgress size={SIZES[size]} aria-hidden="true" />
      <Typography variant={size === 'small' ? 'body2' : 'body1'} color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
  if (!fullScreen) return body;
  return (
    <Box
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal + 1,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'rgba(243, 245, 248, 0.92)',
      }}
    >
      {body}
    </Box>
  );
}
