import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describedEntry } from '../../api/serverText';
import { formatDate } from '../../shared/formatting';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../shared/table';
import type { Dashboard } from './api';

const SHOWN_ACTIVITY = 5;

type Props = { data: Dashboard | undefined };

/** The institution's latest events: five, or all of them on request. */
export function RecentActivity({ data }: Props) {
  const { t, i18n } = useTranslation();
  const [allActivity, setAllActivity] = useState(false);
  const activity = data ? (allActivity ? data.recentActivity : data.recentActivity.slice(0, SHOWN_ACTIVITY)) : [];
  return (
    <Paper
      variant="outlined"
      sx={{
        p: { xs: 2, sm: 2.5 },
        '& .activity-details': { minWidth: { sm: 180 } },
        '& .activity-time': { display: { xs: 'block', sm: 'none' } },
      }}
      component="section"
      aria-labelledby="activity-title"
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography id="activity-title" variant="h2" component="h2">
          {t('workspace.recentActivity')}
        </Typography>
        {data && data.recentActivity.length > SHOWN_ACTIVITY && (
          <Button size="small" onClick={() => setAllActivity(!allActivity)} aria-expanded={allActivity}>
            {allActivity ? t('workspace.showLess') : t('workspace.viewAllActivity')}
          </Button>
        )}
      </Stack>
      {data && data.recentActivity.length === 0 && <Typography color="text.secondary">{t('workspace.noActivity')}</Typography>}
      {activity.length > 0 && (
        <TableContainer>
          <Table aria-label={t('workspace.recentActivity')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('workspace.action')}</TableCell>
                <TableCell>{t('workspace.details')}</TableCell>
                <TableCell hide="sm">{t('workspace.user')}</TableCell>
                <TableCell hide="xs">{t('workspace.timestamp')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {activity.map((row) => (
                <TableRow key={row.id}>
                  <TableCell className="strong">{t(`workspace.actions.${row.action}`, { defaultValue: row.action })}</TableCell>
                  <TableCell className="activity-details">
                    {describedEntry(row, i18n)}
                    <span className="muted activity-time">{formatDate(row.timestamp, i18n.language, 'dateTime')}</span>
                  </TableCell>
                  <TableCell hide="sm">{row.user}</TableCell>
                  <TableCell hide="xs" nowrap>
                    {formatDate(row.timestamp, i18n.language, 'dateTime')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
