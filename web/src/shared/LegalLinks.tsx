import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { RouterLink } from './RouterLink';

const LINKS = [
  { to: '/terms', label: 'legal.terms' },
  { to: '/privacy', label: 'legal.privacy' },
  { to: '/support', label: 'legal.support' },
] as const;

/** Terms, Privacy and Support: the footer of the signed-in frames and of the legal pages themselves. */
export function LegalLinks() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Box
      component="nav"
      aria-label={t('legal.links')}
      sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', columnGap: 3, rowGap: 1, typography: 'body2' }}
    >
      {LINKS.map((link) => (
        <RouterLink key={link.to} to={link.to} aria-current={pathname === link.to ? 'page' : undefined}>
          {t(link.label)}
        </RouterLink>
      ))}
    </Box>
  );
}
