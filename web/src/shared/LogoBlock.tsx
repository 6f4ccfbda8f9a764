import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BrandMark } from './BrandMark';

/** The brand name with its tagline, at the top of every sign-in page. */
export function LogoBlock() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <BrandMark size={44} />
      <Box>
        <Typography component="p" sx={{ fontWeight: 800, fontSize: '1.25rem', lineHeight: 1.2, color: 'primary.dark' }}>
          {t('app.brand')}
        </Typography>
        <Typography component="p" variant="body2" color="text.secondary">
          {t('app.tagline')}
        </Typography>
      </Box>
    </Box>
  );
}
