import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';

/** The first stop of the keyboard on pages with navigation: straight to the page's content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Link
      href="#main"
      onClick={(event) => {
        event.preventDefault();
        document.getElementById('main')?.focus();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        borderRadius: 1,
        boxShadow: 3,
        '&:focus': { top: 8 },
      }}
    >
      {t('app.skipToContent')}
    </Link>
  );
}
