import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { errorMessage } from '../../api/errorMessage';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { formatDate } from '../../shared/formatting';
import { PageHeader } from '../../shared/PageHeader';
import { RouterLink } from '../../shared/RouterLink';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../shared/table';
import { useComplianceInstitutionsQuery } from './complianceApi';
import { ComplianceNav } from './ComplianceNav';
import { EventFilterBar } from './EventFilterBar';
import { useComplianceEventsQuery } from './eventsApi';
import { useEventFilters } from './useEventFilters';

/** Events (/admin/compliance/events): every event of the log, filtered and paged on the server, each opening to its details. */
export function EventsPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const state = useEventFilters();
  const institutions = useComplianceInstitutionsQuery();
  const { data, isLoading, isFetching, error } = useComplianceEventsQuery(state.query, { skip: !state.datesInOrder });
  const institutionName = (id: number | null) =>
    id === null ? '—' : (institutions.data?.find((institution) => institution.id === id)?.name ?? `#${id}`);
  const events = data?.events ?? [];
  const back = location.pathname + location.search;

  return (
    <>
      <PageHeader title={t('pages.events')} subtitle={t('compliance.events.subtitle')} />
      <ComplianceNav />
      <ErrorBanner message={error ? errorMessage(error, t('compliance.events.loadFailed')) : null} onClose={() => undefined} />
      <EventFilterBar state={state} institutions={institutions.data ?? []} />
      <Paper variant="outlined">
        <TableContainer role="region" aria-label={t('compliance.events.tableLabel')}>
          <Table fitPhoneFrom={860} aria-busy={isFetching} style={{ overflowWrap: 'anywhere' }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('compliance.events.columns.event')}</TableCell>
                <TableCell hide="xs">{t('compliance.events.columns.recorded')}</TableCell>
                <TableCell hide="xs">{t('compliance.events.columns.stream')}</TableCell>
                <TableCell hide="xs">{t('compliance.events.columns.actor')}</TableCell>
                <TableCell hide="xs">{t('compliance.events.columns.institution')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {isLoading &&
                Array.from({ length: 8 }, (_, index) => (
                  <TableRow key={index}>
                    <TableCell colSpan={5}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ))}
              {!isLoading && events.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>
                    <Typography sx={{ fontWeight: 600 }}>{t('compliance.events.empty')}</Typography>
                    {state.filtered && <Typography variant="body2">{t('compliance.events.emptyHint')}</Typography>}
                  </TableCell>
                </TableRow>
              )}
              {events.map((event) => (
                <TableRow key={event.position} hover>
                  <TableCell>
                    <RouterLink to={`/admin/compliance/events/${event.position}`} state={{ back }} sx={{ fontWeight: 600 }}>
                      {t('compliance.events.openEvent', { position: event.position, type: event.type })}
                    </RouterLink>
                    <span className="phone-only muted">
                      {formatDate(event.recordedAt, i18n.language, 'dateTime')} · {event.stream} · {event.actor.name}
                    </span>
                  </TableCell>
                  <TableCell hide="xs" nowrap>
                    {formatDate(event.recordedAt, i18n.language, 'dateTime')}
                  </TableCell>
                  <TableCell hide="xs" style={{ overflowWrap: 'anywhere' }}>
                    {event.stream} <span className="muted">#{event.revision}</span>
                  </TableCell>
                  <TableCell hide="xs">
                    {event.actor.name}
                    <span className="muted" style={{ display: 'block' }}>
                      {t(`compliance.roles.${event.actor.role}`, { defaultValue: event.actor.role })}
                    </span>
                  </TableCell>
                  <TableCell hide="xs">{institutionName(event.institutionId)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, p: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            {data ? t('compliance.events.upToHead', { head: data.head }) : ''}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button onClick={state.firstPage} disabled={state.query.after === ''}>
              {t('compliance.events.firstPage')}
            </Button>
            <Button variant="outlined" onClick={() => data?.next && state.nextPage(data.next)} disabled={!data?.next}>
              {state.query.order === 'newest' ? t('compliance.events.older') : t('compliance.events.newer')}
            </Button>
          </Box>
        </Box>
      </Paper>
    </>
  );
}
