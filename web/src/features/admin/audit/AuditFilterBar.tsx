import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../shared/DateField';
import { OutlinedField } from '../../../shared/OutlinedField';
import { AUDIT_ACTIONS } from './auditApi';
import type { useAuditFilters } from './useAuditFilters';

type Props = { state: ReturnType<typeof useAuditFilters> };

/** The date range (flagged when out of order), the action, the user, and Clear. */
export function AuditFilterBar({ state }: Props) {
  const { t } = useTranslation();
  const { dateFrom, dateTo, action, datesInOrder, update } = state;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: '160px 160px 200px 1fr auto' },
          alignItems: 'start',
          '& .audit-wide': { gridColumn: { xs: '1 / -1', md: 'auto' } },
        }}
      >
        <DateField
          id="audit-from"
          label={t('admin.audit.from')}
          value={dateFrom}
          max={dateTo || undefined}
          error={!datesInOrder}
          onChange={(value) => update({ from: value })}
        />
        <DateField
          id="audit-to"
          label={t('admin.audit.to')}
          value={dateTo}
          min={dateFrom || undefined}
          error={!datesInOrder}
          onChange={(value) => update({ to: value })}
        />
        <OutlinedField id="audit-action" label={t('admin.audit.action')} select className="audit-wide">
          <select id="audit-action" value={action} onChange={(event) => update({ action: event.target.value })}>
            <option value="">{t('admin.audit.allActions')}</option>
            {AUDIT_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {t(`admin.audit.actions.${value}`)}
              </option>
            ))}
          </select>
        </OutlinedField>
        <OutlinedField id="audit-user" label={t('admin.audit.user')} className="audit-wide">
          <input
            type="search"
            id="audit-user"
            placeholder={t('admin.audit.userPlaceholder')}
            value={state.userText}
            onChange={(event) => state.setUserText(event.target.value)}
          />
        </OutlinedField>
        <Button
          onClick={state.clear}
          disabled={!state.filtered}
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, justifySelf: 'start', mt: { md: 0.25 } }}
        >
          {t('admin.audit.clear')}
        </Button>
      </Box>
      {!datesInOrder && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {t('admin.audit.dateOrder')}
        </Typography>
      )}
    </Paper>
  );
}
