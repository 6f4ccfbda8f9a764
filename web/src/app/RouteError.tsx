import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { reloadOnce } from './reloadOnce';
import { SplashDone } from './SplashDone';

const isChunkFailure = (error: unknown): boolean =>
  error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);

/** A route that failed to load or render: a lost chunk reloads once, anything else offers a reload. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isChunkFailure(error) && reloadOnce()) return null;
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
        gap: 2,
        p: 3,
        textAlign: 'center',
      }}
    >
      <SplashDone />
      <Typography variant="h1" component="h1">
        {t('routeError.title')}
      </Typography>
      <Typography color="text.secondary">{t('routeError.body')}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </Button>
    </Box>
  );
}
