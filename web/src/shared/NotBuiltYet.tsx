import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

type Props = { titleKey: string };

/** A page a later release fills: its title and a plain note, never sample figures. */
export function NotBuiltYet({ titleKey }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        {t(titleKey)}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
          {t('common.notBuiltTitle')}
        </Typography>
        <Typography color="text.secondary">{t('common.notBuilt')}</Typography>
      </Paper>
    </>
  );
}
