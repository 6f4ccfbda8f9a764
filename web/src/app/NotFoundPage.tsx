import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LogoBlock } from '../shared/LogoBlock';
import { RouterLink } from '../shared/RouterLink';
import { useDocumentTitle } from '../shared/useDocumentTitle';

/** Any path outside the route table. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('app.brand'));
  return (
    <Box
      component="main"
      id="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        p: 3,
        textAlign: 'center',
      }}
    >
      <LogoBlock />
      <Typography variant="h1" component="h1">
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary">{t('notFound.body')}</Typography>
      <RouterLink to="/">{t('notFound.home')}</RouterLink>
    </Box>
  );
}
