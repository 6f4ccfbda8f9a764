import AccountBalance from '@mui/icons-material/AccountBalance';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Category from '@mui/icons-material/Category';
import Groups from '@mui/icons-material/Groups';
import Tune from '@mui/icons-material/Tune';
import Functions from '@mui/icons-material/Functions';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const CARDS = [
  { key: 'institutions', to: '/admin/institution', icon: <AccountBalance /> },
  { key: 'variables', to: '/admin/variables', icon: <Functions /> },
  { key: 'parameters', to: '/admin/parameters', icon: <Tune /> },
  { key: 'users', to: '/admin/users', icon: <Groups /> },
  { key: 'categories', to: '/admin/categories', icon: <Category /> },
  { key: 'admins', to: '/admin/manage', icon: <AdminPanelSettings /> },
] as const;

/** The six ways from the dashboard into the console (spec §2, Admin dashboard). */
export function NavigationCards() {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
      }}
    >
      {CARDS.map((card) => (
        <li key={card.key}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea
              component={Link}
              to={card.to}
              sx={{ p: 2.5, height: '100%', display: 'flex', alignItems: 'flex-start', justifyContent: 'flex-start', gap: 2 }}
            >
              <Box aria-hidden="true" sx={{ color: 'primary.main', mt: 0.25 }}>
                {card.icon}
              </Box>
              <Box>
                <Typography component="h3" sx={{ fontWeight: 700 }}>
                  {t(`admin.dashboard.cards.${card.key}.title`)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`admin.dashboard.cards.${card.key}.description`)}
                </Typography>
              </Box>
            </CardActionArea>
          </Card>
        </li>
      ))}
    </Box>
  );
}
