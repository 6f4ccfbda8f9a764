import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errorMessage';
import { formatDate, numberFormat } from '../../../shared/formatting';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../../shared/table';
import { Facts } from '../common/Facts';
import { StatusChip } from '../../../shared/StatusChip';
import { useSystemInformationQuery } from './settingsApi';
import { Skeleton } from '../../../shared/Skeleton';

/** Read-only facts from the server: version, the event log's head, database size, each projection's lag and failures. */
export function SystemInformation() {
  const { t, i18n } = useTranslation();
  const { data, error, isFetching, refetch } = useSystemInformationQuery(undefined, { refetchOnMountOrArgChange: true });
  const number = numberFormat(i18n.language);
  const size = (bytes: number) =>
    numberFormat(i18n.language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / (1024 * 1024));
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="system-info-title"
      sx={{
        p: { xs: 2, sm: 3 },
        minWidth: 0,
        '& .projections-table': { border: 1, borderColor: 'divider', borderRadius: 1 },
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography id="system-info-title" variant="h2" component="h2">
          {t('admin.settings.systemTitle')}
        </Typography>
        <Button size="small" onClick={() => void refetch()} disabled={isFetching}>
          {t('admin.common.refresh')}
        </Button>
      </Box>
      {error && <Typography color="error">{errorMessage(error, t('admin.settings.systemFailed'))}</Typography>}
      {!data && !error && <Skeleton variant="rectangular" height={160} />}
      {data && (
        <>
          <Facts
            items={[
              { label: t('admin.settings.version'), value: data.version ?? t('admin.common.notAvailable') },
              { label: t('admin.settings.events'), value: number.format(data.eventStore.position) },
              {
                label: t('admin.settings.logHead'),
                value: (
                  <Box component="code" sx={{ fontSize: '0.8125rem', overflowWrap: 'anywhere' }}>
                    {data.eventStore.hash}
                  </Box>
                ),
              },
              { label: t('admin.settings.databaseSize'), value: size(data.databaseBytes) },
            ]}
          />
          <Typography variant="h3" component="h3" sx={{ mt: 3, mb: 1 }}>
            {t('admin.settings.projections')}
          </Typography>
          <TableContainer role="region" aria-label={t('admin.settings.projections')} className="projections-table">
            <Table size="small" style={{ minWidth: 520 }}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('admin.settings.projection')}</TableCell>
                  <TableCell align="right">{t('admin.settings.position')}</TableCell>
                  <TableCell>{t('admin.settings.lag')}</TableCell>
                  <TableCell align="right">{t('admin.settings.failed')}</TableCell>
                  <TableCell>{t('admin.settings.updated')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.projections.map((projection) => (
                  <TableRow key={projection.name}>
                    <TableCell className="strong">{projection.name}</TableCell>
                    <TableCell align="right">{number.format(projection.position)}</TableCell>
                    <TableCell>
                      {projection.behind === 0 ? (
                        <StatusChip label={t('admin.settings.upToDate')} tone="good" />
                      ) : (
                        <StatusChip label={t('admin.settings.behind', { value: number.format(projection.behind) })} tone="pending" />
                      )}
                    </TableCell>
                    <TableCell align="right">
                      {projection.failedEvents === 0 ? '0' : <StatusChip label={number.format(projection.failedEvents)} tone="bad" />}
                    </TableCell>
                    <TableCell nowrap>{formatDate(projection.updatedAt, i18n.language, 'dateTime')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {data.failedEvents.length > 0 && (
            <Typography color="error" sx={{ mt: 2 }}>
              {t('admin.settings.failures', { value: data.failedEvents.length, reason: data.failedEvents[0].reason })}
            </Typography>
          )}
        </>
      )}
    </Paper>
  );
}
