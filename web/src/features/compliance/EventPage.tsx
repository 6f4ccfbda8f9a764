import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { errorMessage } from '../../api/errorMessage';
import { describedEntry } from '../../api/serverText';
import { formatDate } from '../../shared/formatting';
import { PageHeader } from '../../shared/PageHeader';
import { RouterLink } from '../../shared/RouterLink';
import { ComplianceNav } from './ComplianceNav';
import { useComplianceEventQuery } from './eventsApi';
import { HashText } from './HashText';
import { SectionTitle } from './SectionTitle';

const factsSx = {
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '12rem minmax(0, 1fr)' },
  columnGap: 2,
  rowGap: { xs: 0.25, sm: 1 },
  m: 0,
  '& dt': { color: 'text.secondary', typography: 'body2', mt: { xs: 1, sm: 0 } },
  '& dd': { m: 0, typography: 'body2', overflowWrap: 'anywhere' },
} as const;

function Facts({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <Box component="dl" sx={factsSx}>
      {items.map((item) => (
        <Box key={item.label} sx={{ display: 'contents' }}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </Box>
      ))}
    </Box>
  );
}

/** One event (/admin/compliance/events/:position): its metadata, its payload (secrets withheld, masked values masked), its chain links and its audit-log row. */
export function EventPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const position = /^\d+$/.test(params.position ?? '') ? Number(params.position) : 0;
  const { data: event, error, isLoading } = useComplianceEventQuery(position, { skip: position < 1 });
  const back = (location.state as { back?: string } | null)?.back ?? '/admin/compliance/events';
  const none = t('compliance.none');
  const when = (value: string | null | undefined) => (value ? formatDate(value, i18n.language, 'dateTime') : none);
  const audit = event?.audit.entry ?? null;
  const auditDay = audit ? audit.timestamp.slice(0, 10) : '';

  return (
    <>
      <PageHeader
        title={t('pages.event', { position })}
        subtitle={event?.type ?? t('compliance.events.subtitle')}
        actions={
          <Button component={Link} to={back} startIcon={<ArrowBack />}>
            {t('compliance.events.backToList')}
          </Button>
        }
      />
      <ComplianceNav />
      {(error || position < 1) && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(error, t('compliance.events.notFound'))}
        </Alert>
      )}
      {isLoading && <Skeleton variant="rectangular" height={240} />}
      {event && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: 3 }}>
          <Paper variant="outlined" component="section" aria-labelledby="event-metadata" sx={{ p: 2 }}>
            <SectionTitle id="event-metadata">{t('compliance.events.metadata')}</SectionTitle>
            <Facts
              items={[
                { label: t('compliance.events.fields.type'), value: `${event.type} (v${event.schemaVersion})` },
                { label: t('compliance.events.fields.stream'), value: `${event.stream} #${event.revision}` },
                { label: t('compliance.events.fields.recorded'), value: when(event.recordedAt) },
                { label: t('compliance.events.fields.occurred'), value: when(event.metadata.occurredAt) },
                {
                  label: t('compliance.events.fields.actor'),
                  value: `${event.metadata.actor.name} (${t(`compliance.roles.${event.metadata.actor.role}`, { defaultValue: event.metadata.actor.role })} #${event.metadata.actor.id})${event.metadata.actor.member ? ` · ${event.metadata.actor.member.name}` : ''}`,
                },
                { label: t('compliance.events.fields.ip'), value: event.metadata.ip ?? none },
                { label: t('compliance.events.fields.userAgent'), value: event.metadata.userAgent ?? none },
                { label: t('compliance.events.fields.institution'), value: event.metadata.institutionId ?? none },
                { label: t('compliance.events.fields.correlation'), value: <code>{event.metadata.correlationId}</code> },
                {
                  label: t('compliance.events.fields.causation'),
                  value: event.metadata.causationId ? <code>{event.metadata.causationId}</code> : none,
                },
                { label: t('compliance.events.fields.eventId'), value: <code>{event.id}</code> },
                { label: t('compliance.events.fields.hash'), value: <HashText hash={event.hash} /> },
                { label: t('compliance.events.fields.previousHash'), value: <HashText hash={event.previousHash} /> },
              ]}
            />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
              {event.position > 1 && (
                <Button size="small" component={Link} to={`/admin/compliance/events/${event.position - 1}`} state={{ back }}>
                  {t('compliance.events.previousEvent')}
                </Button>
              )}
              <Button size="small" component={Link} to={`/admin/compliance/events/${event.position + 1}`} state={{ back }}>
                {t('compliance.events.nextEvent')}
              </Button>
            </Box>
          </Paper>
          <Box sx={{ display: 'grid', gap: 3, alignContent: 'start', gridTemplateColumns: 'minmax(0, 1fr)' }}>
            <Paper variant="outlined" component="section" aria-labelledby="event-audit" sx={{ p: 2 }}>
              <SectionTitle id="event-audit">{t('compliance.events.auditTitle')}</SectionTitle>
              {audit ? (
                <>
                  <Typography sx={{ fontWeight: 600 }}>{describedEntry(audit, i18n)}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {audit.user} · {when(audit.timestamp)} · {audit.action}
                  </Typography>
                  <RouterLink to={`/admin/audit?from=${auditDay}&to=${auditDay}`}>{t('compliance.events.openAudit')}</RouterLink>
                </>
              ) : (
                <Typography color="text.secondary">
                  {event.audit.covered ? t('compliance.events.auditPending') : t('compliance.events.notAudited')}
                </Typography>
              )}
            </Paper>
            <Paper variant="outlined" component="section" aria-labelledby="event-payload" sx={{ p: 2 }}>
              <SectionTitle id="event-payload">{t('compliance.events.payload')}</SectionTitle>
              {event.withheld && (
                <Alert severity="info" sx={{ mb: 1 }}>
                  {t('compliance.events.withheld', { fields: event.withheld.fields.join(', '), reason: event.withheld.reason })}
                </Alert>
              )}
              {event.masked && (
                <Alert severity="info" sx={{ mb: 1 }}>
                  {t('compliance.events.masked', {
                    columns: event.masked.columns === 'all' ? t('compliance.events.allColumns') : event.masked.columns.join(', ') || none,
                    reason: event.masked.reason,
                  })}
                </Alert>
              )}
              <Box
                component="pre"
                tabIndex={0}
                aria-label={t('compliance.events.payload')}
                sx={{ m: 0, p: 2, bgcolor: '#f3f5f8', borderRadius: 1, fontSize: '0.8125rem', overflow: 'auto', maxHeight: 480 }}
              >
                {JSON.stringify(event.payload, null, 2)}
              </Box>
            </Paper>
          </Box>
        </Box>
      )}
    </>
  );
}
