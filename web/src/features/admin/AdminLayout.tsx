import ArrowBack from '@mui/icons-material/ArrowBack';
import MenuBook from '@mui/icons-material/MenuBook';
import Policy from '@mui/icons-material/Policy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../session/hooks';
import { useCanWrite } from '../../session/useCanWrite';
import { signOut } from '../../api/signOut';
import { BrandMark } from '../../shared/BrandMark';
import { LanguageSwitch } from '../../shared/LanguageSwitch';
import { LegalLinks } from '../../shared/LegalLinks';
import { SignedInStyles } from '../../shared/SignedInStyles';
import { SkipLink } from '../../shared/SkipLink';
import { topBarRow } from '../../shared/topBar';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { Name } from '../../shared/Name';

// The top bar's look (MUI's sticky AppBar and Toolbar in the dark primary, the account button's
// round initial), given once on the frame: the bar is on every admin page.
const frameSx = {
  minHeight: '100vh',
  bgcolor: 'background.default',
  '& .admin-bar': {
    ...topBarRow,
    position: 'sticky',
    top: 0,
    bgcolor: 'primary.dark',
    color: 'primary.contrastText',
  },
  '& .admin-bar-title': { m: 0, flex: 1, minWidth: 0, fontWeight: 700 },
  '& .admin-bar-link': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 0.75,
    px: 1,
    py: 0.75,
    borderRadius: 1,
    color: 'inherit',
    fontWeight: 600,
    textDecoration: 'none',
    '&:hover': { bgcolor: 'rgba(255, 255, 255, 0.12)' },
    '&[aria-current="page"]': { boxShadow: 'inset 0 -2px 0 #f0b429' },
    '&:focus-visible': { outline: '3px solid #f0b429', outlineOffset: 2 },
    '& .admin-bar-link-text': { display: { xs: 'none', sm: 'inline' } },
  },
  // An auditor's reminder of why no page offers a write.
  '& .admin-bar-role': {
    display: { xs: 'none', md: 'inline-flex' },
    px: 1,
    py: 0.25,
    borderRadius: 4,
    bgcolor: '#f0b429',
    color: '#17212b',
    fontSize: '0.8125rem',
    fontWeight: 700,
    whiteSpace: 'nowrap',
  },
  '& .admin-bar-name': { m: 0, maxWidth: 220, display: { xs: 'none', sm: 'block' } },
  '& .admin-bar-title, & .admin-bar-name': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .account-button': {
    display: 'flex',
    p: 0.5,
    m: 0,
    border: 0,
    borderRadius: '50%',
    background: 'transparent',
    cursor: 'pointer',
    '&:hover': { bgcolor: 'rgba(255, 255, 255, 0.12)' },
  },
  '& .account-avatar': {
    width: 40,
    height: 40,
    borderRadius: '50%',
    overflow: 'hidden',
    display: 'grid',
    placeItems: 'center',
    bgcolor: '#f0b429',
    color: '#17212b',
    fontSize: '1.25rem',
    fontWeight: 700,
    '& img': { width: '100%', height: '100%', objectFit: 'cover' },
  },
} as const;

/** The admin's frame: a top bar with title, name, photo or initial and the account menu; Back to Dashboard below it. */
export function AdminLayout() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useAppSelector((state) => state.session.user);
  const canWrite = useCanWrite();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu is drawn from its first opening on (then kept, so it can fade out as it closes).
  const [menuUsed, setMenuUsed] = useState(false);
  const menuId = useId();
  useDocumentTitle(t('app.titleAdmin'));
  const name = user?.name ?? '';
  const onDashboard = location.pathname === '/admin/dashboard';

  return (
    <Box sx={frameSx}>
      <SignedInStyles />
      <SkipLink />
      <header className="admin-bar">
        <BrandMark size={32} onDark />
        <p className="admin-bar-title">{t('adminBar.title')}</p>
        {!canWrite && (
          <span className="admin-bar-role" title={t('adminBar.readOnlyHint')}>
            {t('adminBar.readOnly')}
          </span>
        )}
        {/* For administrators and auditors alike: the compliance console is read-only but for Verify now. */}
        <NavLink to="/admin/compliance" className="admin-bar-link" aria-label={t('adminBar.compliance')}>
          <Policy fontSize="small" aria-hidden="true" />
          <span className="admin-bar-link-text">{t('adminBar.compliance')}</span>
        </NavLink>
        <NavLink to="/admin/data-dictionary" className="admin-bar-link" aria-label={t('adminBar.dictionary')}>
          <MenuBook fontSize="small" aria-hidden="true" />
          <span className="admin-bar-link-text">{t('adminBar.dictionary')}</span>
        </NavLink>
        <LanguageSwitch tone="dark" />
        <p className="admin-bar-name">
          <Name>{name}</Name>
        </p>
        <button
          type="button"
          className="account-button"
          aria-label={t('adminBar.accountMenu')}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => {
            setMenuUsed(true);
            setAnchor(event.currentTarget);
          }}
        >
          <span className="account-avatar">
            {user?.profilePhoto ? <img src={user.profilePhoto} alt={t('adminBar.photoAlt', { name })} /> : name.charAt(0).toUpperCase()}
          </span>
        </button>
        {menuUsed && (
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
        )}
      </header>
      <Container component="main" id="main" tabIndex={-1} maxWidth="xl" sx={{ py: { xs: 2, sm: 3 }, outline: 'none' }}>
        {!onDashboard && (
          <Button component={Link} to="/admin/dashboard" startIcon={<ArrowBack />} sx={{ mb: 2 }}>
            {t('adminBar.backToDashboard')}
          </Button>
        )}
        <Outlet />
        <Box component="footer" sx={{ mt: 6, pt: 2, borderTop: 1, borderColor: 'divider' }}>
          <LegalLinks />
        </Box>
      </Container>
    </Box>
  );
}
