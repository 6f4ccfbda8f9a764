import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describedEntry } from '../../../api/serverText';
import { formatDate } from '../../../shared/formatting';
import { ActionChip } from '../audit/ActionChip';
import type { AuditEntry } from '../audit/auditApi';
import { Skeleton } from '../../../shared/Skeleton';

type Props = { entries: AuditEntry[] | undefined };

// The entries' look (a list with dividers), given once on the list.
const listSx = {
  listStyle: 'none',
  p: 0,
  m: 0,
  '& > li': { py: 1.25, borderBottom: 1, borderColor: 'divider' },
  '& .activity-head': { display: 'flex', gap: 1, alignItems: 'flex-start', justifyContent: 'space-between' },
  '& .activity-description': { typography: 'body2', fontWeight: 600, overflowWrap: 'anywhere' },
  '& .activity-meta': { display: 'block', typography: 'body2', color: 'text.secondary' },
} as const;

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
        <Box component="ul" sx={listSx}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <div className="activity-head">
                <span className="activity-description">{describedEntry(entry, i18n)}</span>
                <ActionChip action={entry.action} />
              </div>
              <span className="activity-meta">
                {entry.user} · {formatDate(entry.timestamp, i18n.language, 'dateTime')}
              </span>
            </li>
          ))}
        </Box>
      )}
    </>
  );
}
