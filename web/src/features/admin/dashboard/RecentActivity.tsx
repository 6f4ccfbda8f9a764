import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/formatting';
import { ActionChip } from '../audit/ActionChip';
import type { AuditEntry } from '../audit/auditApi';

type Props = { entries: AuditEntry[] | undefined };

/** The last ten things that happened on the platform, newest first, with a way to the full audit log. */
export function RecentActivity({ entries }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography variant="h2" component="h2">
          {t('admin.dashboard.recentActivity')}
        </Typography>
        <Button component={Link} to="/admin/audit" size="small">
          {t('admin.dashboard.viewAll')}
        </Button>
      </Box>
      {entries === undefined && Array.from({ length: 5 }, (_, index) => <Skeleton key={index} height={48} />)}
      {entries?.length === 0 && <Typography color="text.secondary">{t('admin.dashboard.noActivity')}</Typography>}
      {entries && entries.length > 0 && (
        <List disablePadding>
          {entries.map((entry) => (
            <ListItem key={entry.id} disableGutters divider sx={{ display: 'block', py: 1.25 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', justifyContent: 'space-between' }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {entry.description}
                </Typography>
                <ActionChip action={entry.action} />
              </Box>
              <Typography variant="body2" color="text.secondary">
                {entry.user} · {formatDate(entry.timestamp, i18n.language, 'dateTime')}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}
