import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../shared/LanguageSwitch';
import { LogoBlock } from '../../shared/LogoBlock';
import { useDocumentTitle } from '../../shared/useDocumentTitle';

type Props = { title: string; subtitle?: string; children: ReactNode; footer?: ReactNode; width?: 'xs' | 'sm' };

/** The centred full-page layout of the sign-in pages: logo block, language switch, one card. */
export function AuthLayout({ title, subtitle, children, footer, width = 'xs' }: Props) {
  const { t } = useTranslation();
  useDocumentTitle(t('app.brand'));
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Container maxWidth={width === 'xs' ? 'sm' : 'md'} sx={{ py: { xs: 2, sm: 4 }, flex: 1, display: 'flex', flexDirection: 'column' }}>
        <Box
          component="header"
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: { xs: 2, sm: 4 }, flexWrap: 'wrap' }}
        >
          <LogoBlock />
          <Box sx={{ ml: 'auto' }}>
            <LanguageSwitch />
          </Box>
        </Box>
        <Box
          component="main"
          id="main"
          sx={{ flex: 1, display: 'flex', alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'center' }}
        >
          <Paper
            elevation={0}
            sx={{
              width: '100%',
              maxWidth: width === 'xs' ? 460 : 560,
              p: { xs: 2.5, sm: 4 },
              border: 1,
              borderColor: 'divider',
              boxShadow: '0 8px 24px rgba(11, 74, 111, 0.08)',
            }}
          >
            <Typography variant="h1" component="h1" sx={{ mb: subtitle ? 0.5 : 2 }}>
              {title}
            </Typography>
            {subtitle && (
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {subtitle}
              </Typography>
            )}
            {children}
          </Paper>
        </Box>
        <Box component="footer" sx={{ mt: 3, textAlign: 'center' }}>
          {footer}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t('app.footer')}
          </Typography>
        </Box>
      </Container>
    </Box>
  );
}
