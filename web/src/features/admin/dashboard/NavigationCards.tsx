import AccountBalance from '@mui/icons-material/AccountBalance';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Category from '@mui/icons-material/Category';
import Groups from '@mui/icons-material/Groups';
import Tune from '@mui/icons-material/Tune';
import Functions from '@mui/icons-material/Functions';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanWrite } from '../../../session/useCanWrite';

const CARDS = [
  { key: 'institutions', to: '/admin/institution', icon: <AccountBalance />, readOnly: true },
  { key: 'variables', to: '/admin/variables', icon: <Functions /> },
  { key: 'parameters', to: '/admin/parameters', icon: <Tune /> },
  { key: 'users', to: '/admin/users', icon: <Groups />, readOnly: true },
  { key: 'categories', to: '/admin/categories', icon: <Category /> },
  { key: 'admins', to: '/admin/manage', icon: <AdminPanelSettings /> },
] as const;

// The cards' look (MUI's outlined Card with its action area), given once on the list.
const listSx = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
  '& .nav-card': {
    height: '100%',
    boxSizing: 'border-box',
    display: 'flex',
    alignItems: 'flex-start',
    gap: 2,
    p: 2.5,
    border: 1,
    borderColor: 'divider',
    borderRadius: '12px',
    bgcolor: 'background.paper',
    color: 'text.primary',
    textDecoration: 'none',
    '&:hover': { bgcolor: 'action.hover' },
  },
  '& .nav-card-icon': { color: 'primary.main', mt: 0.25, display: 'flex' },
  '& .nav-card h3': { m: 0, typography: 'body1', fontWeight: 700 },
  '& .nav-card p': { m: 0, typography: 'body2', color: 'text.secondary' },
} as const;

/** The six ways from the dashboard into the console (spec §2, Admin dashboard). */
export function NavigationCards() {
  const { t } = useTranslation();
  // An auditor reads what the cards lead to: the two that name actions say what there is to read instead.
  const canWrite = useCanWrite();
  return (
    <Box component="ul" sx={listSx}>
      {CARDS.map((card) => (
        <li key={card.key}>
          <Link to={card.to} className="nav-card">
            <span aria-hidden="true" className="nav-card-icon">
              {card.icon}
            </span>
            <span>
              <h3>{t(`admin.dashboard.cards.${card.key}.title`)}</h3>
              <p>
                {t(
                  !canWrite && 'readOnly' in card
                    ? `admin.dashboard.cards.${card.key}.descriptionReadOnly`
                    : `admin.dashboard.cards.${card.key}.description`,
                )}
              </p>
            </span>
          </Link>
        </li>
      ))}
    </Box>
  );
}
