import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../shared/DateField';
import { OutlinedField } from '../../shared/OutlinedField';
import type { InstitutionChoice } from './complianceApi';
import { ACTOR_KINDS, EVENT_ORDERS, type useEventFilters } from './useEventFilters';

type Props = { state: ReturnType<typeof useEventFilters>; institutions: InstitutionChoice[] };

/** Stream, type, actor (kind and id), institution, time range and order. */
export function EventFilterBar({ state, institutions }: Props) {
  const { t } = useTranslation();
  const { query, texts } = state;
  const text = (key: 'stream' | 'type' | 'actorId', placeholder?: string) => (
    <OutlinedField id={`events-${key}`} label={t(`compliance.events.filters.${key}`)}>
      <input
        id={`events-${key}`}
        type="search"
        value={texts[key]}
        placeholder={placeholder}
        onChange={(event) => state.setText(key, event.target.value)}
      />
    </OutlinedField>
  );
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr) minmax(0, 1fr)', md: 'repeat(4, minmax(0, 1fr))' } }}>
        {text('stream', 'institution-1')}
        {text('type', 'InstitutionApproved')}
        <OutlinedField id="events-actorKind" label={t('compliance.events.filters.actorKind')} select>
          <select id="events-actorKind" value={query.actorKind} onChange={(event) => state.update({ actorKind: event.target.value })}>
            <option value="">{t('compliance.events.anyActor')}</option>
            {ACTOR_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`compliance.events.actorKinds.${kind}`)}
              </option>
            ))}
          </select>
        </OutlinedField>
        {text('actorId')}
        <OutlinedField id="events-institution" label={t('compliance.events.filters.institution')} select>
          <select
            id="events-institution"
            value={query.institutionId}
            onChange={(event) => state.update({ institution: event.target.value })}
          >
            <option value="">{t('compliance.events.anyInstitution')}</option>
            {institutions.map((institution) => (
              <option key={institution.id} value={institution.id}>
                {institution.name}
              </option>
            ))}
          </select>
        </OutlinedField>
        <DateField
          id="events-from"
          label={t('compliance.events.filters.from')}
          value={query.from}
          max={query.to || undefined}
          error={!state.datesInOrder}
          onChange={(value) => state.update({ from: value })}
        />
        <DateField
          id="events-to"
          label={t('compliance.events.filters.to')}
          value={query.to}
          min={query.from || undefined}
          error={!state.datesInOrder}
          onChange={(value) => state.update({ to: value })}
        />
        <OutlinedField id="events-order" label={t('compliance.events.filters.order')} select>
          <select id="events-order" value={query.order} onChange={(event) => state.update({ order: event.target.value })}>
            {EVENT_ORDERS.map((order) => (
              <option key={order} value={order}>
                {t(`compliance.events.orders.${order}`)}
              </option>
            ))}
          </select>
        </OutlinedField>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 1 }}>
        <Button onClick={state.clear} disabled={!state.filtered}>
          {t('compliance.events.clear')}
        </Button>
        {!state.datesInOrder && (
          <Typography role="alert" color="error" variant="body2">
            {t('compliance.events.dateOrder')}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
