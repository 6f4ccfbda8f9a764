import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../session/hooks';
import { defaultPathFor } from '../../session/defaultPath';
import { LanguageSwitch } from '../../shared/LanguageSwitch';
import { LegalLinks } from '../../shared/LegalLinks';
import { LogoBlock } from '../../shared/LogoBlock';
import { RouterLink } from '../../shared/RouterLink';
import { useDocumentTitle } from '../../shared/useDocumentTitle';

type Props = { title: string; summary: string; children: ReactNode };

// Long text reads best at about 70 characters a line, whatever the screen's width.
const pageSx = {
  '& .legal-column': { maxWidth: 'calc(76ch + 48px)' },
  '& .legal-page': { p: { xs: 2, sm: 5 }, border: 1, borderColor: 'divider' },
  '& .legal-page > section > h2': { mt: 4, mb: 1 },
  '& .legal-page p, & .legal-page li': { lineHeight: 1.65 },
  '& .legal-page ul': { pl: 3, my: 1 },
  '& .legal-page li + li': { mt: 0.75 },
} as const;

/** The frame of Terms, Privacy and Support: open signed in or out, with the way back to where the reader came from. */
export function LegalLayout({ title, summary, children }: Props) {
  const { t } = useTranslation();
  const role = useAppSelector((state) => (state.session.status === 'signedIn' ? state.session.user?.role : undefined));
  useDocumentTitle(t('app.brand'));
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', ...pageSx }}>
      <Container maxWidth={false} className="legal-column" sx={{ py: { xs: 2, sm: 4 } }}>
        <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: { xs: 2, sm: 4 }, flexWrap: 'wrap' }}>
          <LogoBlock />
          <Box sx={{ ml: 'auto' }}>
            <LanguageSwitch />
          </Box>
        </Box>
        <Box component="main" id="main">
          <Paper elevation={0} component="article" className="legal-page">
            <Typography variant="h1" component="h1">
              {title}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1, fontSize: '1.0625rem' }}>
              {summary}
            </Typography>
            {children}
          </Paper>
        </Box>
        <Box component="footer" sx={{ mt: 3, display: 'grid', gap: 2, justifyItems: 'center', textAlign: 'center' }}>
          <LegalLinks />
          <RouterLink to={role ? defaultPathFor(role) : '/'}>{role ? t('legal.backToDashboard') : t('legal.backToSignIn')}</RouterLink>
          <Typography variant="body2" color="text.secondary">
            {t('app.footer')}
          </Typography>
        </Box>
      </Container>
    </Box>
  );
}
