import Dashboard from '@mui/icons-material/Dashboard';
import Groups from '@mui/icons-material/Groups';
import Logout from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import MenuBook from '@mui/icons-material/MenuBook';
import TableChart from '@mui/icons-material/TableChart';
import Tune from '@mui/icons-material/Tune';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../session/hooks';
import { useMemberMay } from '../../session/MemberMay';
import { signOut } from '../../api/signOut';
import { BrandMark } from '../../shared/BrandMark';
import { LanguageSwitch } from '../../shared/LanguageSwitch';
import { LegalLinks } from '../../shared/LegalLinks';
import { SignedInStyles } from '../../shared/SignedInStyles';
import { SkipLink } from '../../shared/SkipLink';
import { topBarRow } from '../../shared/topBar';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { Name } from '../../shared/Name';

const DRAWER_WIDTH = 248;

type NavItem = { to: string; label: string; icon: ReactNode; also?: string[] };

// The top bar's look (MUI's fixed AppBar and Toolbar beside the side navigation, the logo's rounded
// initial, the menu button shown on phones), given once on the frame: the bar is on every workspace page.
const shellSx = {
  display: 'flex',
  minHeight: '100vh',
  '& .institution-bar': {
    ...topBarRow,
    position: 'fixed',
    top: 0,
    right: 0,
    left: { xs: 0, md: DRAWER_WIDTH },
    bgcolor: 'background.paper',
    borderBottom: 1,
    borderColor: 'divider',
  },
  '& .open-navigation': {
    display: { xs: 'flex', md: 'none' },
    p: 1,
    ml: -1.5,
    border: 0,
    borderRadius: '50%',
    background: 'transparent',
    color: 'action.active',
    cursor: 'pointer',
    '&:hover': { bgcolor: 'action.hover' },
  },
  '& .institution-logo': {
    flexShrink: 0,
    width: 36,
    height: 36,
    borderRadius: 1,
    overflow: 'hidden',
    display: 'grid',
    placeItems: 'center',
    bgcolor: 'primary.main',
    color: 'primary.contrastText',
    fontSize: '1.25rem',
    '& img': { width: '100%', height: '100%', objectFit: 'cover' },
  },
  '& .institution-bar-names': { flex: 1, minWidth: 0 },
  '& .institution-bar-name, & .institution-bar-user': { m: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .institution-bar-name': { fontWeight: 700 },
  '& .institution-bar-user': { typography: 'body2', color: 'text.secondary' },
  '& .institution-bar-email': { display: { xs: 'none', sm: 'inline' } },
} as const;

/** The institution's frame: side navigation, top bar with institution, user and logo, a drawer on phones. */
export function InstitutionShell() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.session.user);
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const mayManageTeam = useMemberMay('team');
  // A logo URL that fails (expired while the tab stayed open, the logo removed) shows the initial instead.
  const [brokenLogo, setBrokenLogo] = useState<string | null>(null);
  // Only the navigation this screen shows is rendered: the side one from md up, else the drawer.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  useDocumentTitle(t('app.titleInstitution'));

  const items: NavItem[] = [
    { to: '/workspace-dashboard', label: t('shell.dashboard'), icon: <Dashboard />, also: ['/clients', '/performance'] },
    { to: '/parameters', label: t('shell.parameters'), icon: <Tune />, also: ['/credit-parameters-config'] },
    { to: '/batch-assessment', label: t('shell.batches'), icon: <UploadFile /> },
    { to: '/result', label: t('shell.results'), icon: <TableChart />, also: ['/results', '/batch', '/client'] },
    { to: '/data-dictionary', label: t('shell.dictionary'), icon: <MenuBook /> },
    ...(mayManageTeam ? [{ to: '/team', label: t('shell.team'), icon: <Groups /> }] : []),
  ];
  const isCurrent = (item: NavItem) =>
    [item.to, ...(item.also ?? [])].some((path) => location.pathname === path || location.pathname.startsWith(`${path}/`));

  const institutionName = user?.institutionName ?? user?.name ?? '';
  const navigation = (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ gap: 1.5 }}>
        <BrandMark size={32} />
        <Typography component="p" sx={{ fontWeight: 800, color: 'primary.dark' }}>
          {t('app.brand')}
        </Typography>
      </Toolbar>
      <Divider />
      <Box component="nav" aria-label={t('shell.navigation')} sx={{ flex: 1 }}>
        <List>
          {items.map((item) => (
            <ListItem key={item.to} disablePadding>
              <ListItemButton
                component={NavLink}
                to={item.to}
                selected={isCurrent(item)}
                aria-current={isCurrent(item) ? 'page' : undefined}
                onClick={() => setOpen(false)}
                sx={{
                  mx: 1,
                  borderRadius: 2,
                  '&.Mui-selected': { bgcolor: 'rgba(11, 74, 111, 0.1)', color: 'primary.dark', fontWeight: 700 },
                }}
              >
                <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>{item.icon}</ListItemIcon>
                <ListItemText primary={item.label} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
      <Divider />
      <List>
        <ListItem disablePadding>
          <ListItemButton onClick={() => void signOut(dispatch, 'logout')} sx={{ mx: 1, borderRadius: 2 }}>
            <ListItemIcon sx={{ minWidth: 40 }}>
              <Logout />
            </ListItemIcon>
            <ListItemText primary={t('shell.logout')} />
          </ListItemButton>
        </ListItem>
      </List>
    </Box>
  );

  return (
    <Box sx={shellSx}>
      <SignedInStyles />
      <SkipLink />
      <header className="institution-bar">
        <button type="button" className="open-navigation" aria-label={t('shell.openNavigation')} onClick={() => setOpen(true)}>
          <MenuIcon />
        </button>
        <span className="institution-logo">
          {user?.institutionLogo && user.institutionLogo !== brokenLogo ? (
            <img
              src={user.institutionLogo}
              alt={t('shell.logoAlt', { name: institutionName })}
              onError={() => setBrokenLogo(user.institutionLogo)}
            />
          ) : (
            institutionName.charAt(0).toUpperCase()
          )}
        </span>
        <div className="institution-bar-names">
          <p className="institution-bar-name">
            <Name>{institutionName}</Name>
          </p>
          <p className="institution-bar-user">
            {t('shell.signedInAs', { name: user?.memberName ?? user?.name ?? '' })}
            <span className="institution-bar-email">{` · ${user?.email ?? ''}`}</span>
          </p>
        </div>
        <LanguageSwitch />
      </header>
      <Box sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
        {!wide && (
          <Drawer
            variant="temporary"
            open={open}
            onClose={() => setOpen(false)}
            ModalProps={{ keepMounted: false }}
            sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
          >
            {navigation}
          </Drawer>
        )}
        {wide && (
          <Drawer
            variant="permanent"
            open
            sx={{ display: { xs: 'none', md: 'block' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
          >
            {navigation}
          </Drawer>
        )}
      </Box>
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ outline: 'none', flex: 1, minWidth: 0, p: { xs: 2, sm: 3 }, pt: { xs: 10, sm: 11 } }}
      >
        <Outlet />
        <Box component="footer" sx={{ mt: 6, pt: 2, borderTop: 1, borderColor: 'divider' }}>
          <LegalLinks />
        </Box>
      </Box>
    </Box>
  );
}
