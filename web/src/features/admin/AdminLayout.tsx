import ArrowBack from '@mui/icons-material/ArrowBack';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { signOut } from '../../session/signOut';
import { BrandMark } from '../../shared/BrandMark';
import { LanguageSwitch } from '../../shared/LanguageSwitch';
import { SignedInStyles } from '../../shared/SignedInStyles';
import { SkipLink } from '../../shared/SkipLink';
import { useDocumentTitle } from '../../shared/useDocumentTitle';

/** The admin's frame: a top bar with title, name, photo or initial and the account menu; Back to Dashboard below it. */
export function AdminLayout() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useAppSelector((state) => state.session.user);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  useDocumentTitle(t('app.titleAdmin'));
  const name = user?.name ?? '';
  const onDashboard = location.pathname === '/admin/dashboard';

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <SignedInStyles />
      <SkipLink />
      <AppBar position="sticky" elevation={0} sx={{ bgcolor: 'primary.dark' }}>
        <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
          <BrandMark size={32} onDark />
          <Typography component="p" noWrap sx={{ fontWeight: 700, flex: 1, minWidth: 0 }}>
            {t('adminBar.title')}
          </Typography>
          <LanguageSwitch tone="dark" />
          <Typography component="p" noWrap sx={{ display: { xs: 'none', sm: 'block' }, maxWidth: 220 }}>
            {name}
          </Typography>
          <IconButton
            aria-label={t('adminBar.accountMenu')}
            aria-haspopup="menu"
            aria-controls={anchor ? menuId : undefined}
            aria-expanded={anchor ? 'true' : undefined}
            onClick={(event) => setAnchor(event.currentTarget)}
            sx={{ p: 0.5 }}
          >
            <Avatar
              src={user?.profilePhoto ?? undefined}
              alt={user?.profilePhoto ? t('adminBar.photoAlt', { name }) : undefined}
              sx={{ bgcolor: '#f0b429', color: '#17212b', fontWeight: 700 }}
            >
              {name.charAt(0).toUpperCase()}
            </Avatar>
          </IconButton>
          <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            <MenuItem
              onClick={() => {
                setAnchor(null);
                navigate('/admin/settings');
              }}
            >
              {t('adminBar.settings')}
            </MenuItem>
            <MenuItem
              onClick={() => {
                setAnchor(null);
                void signOut(dispatch, 'adminLogout');
              }}
            >
              {t('adminBar.logout')}
            </MenuItem>
          </Menu>
        </Toolbar>
      </AppBar>
      <Container component="main" id="main" tabIndex={-1} maxWidth="xl" sx={{ py: { xs: 2, sm: 3 }, outline: 'none' }}>
        {!onDashboard && (
          <Button component={Link} to="/admin/dashboard" startIcon={<ArrowBack />} sx={{ mb: 2 }}>
            {t('adminBar.backToDashboard')}
          </Button>
        )}
        <Outlet />
      </Container>
    </Box>
  );
}
