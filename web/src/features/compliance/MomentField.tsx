import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../shared/DateField';
import { OutlinedField } from '../../shared/OutlinedField';
import { localInputOf, momentOfLocalInput, positionOf, type MomentText } from './momentText';

type Props = { id: string; legend: string; value: MomentText; onChange: (value: MomentText) => void; hint?: string };

/** A moment of the log's history: a date and time (to the second) or a log position; both empty means now. */
export function MomentField({ id, legend, value, onChange, hint }: Props) {
  const { t } = useTranslation();
  const position = positionOf(value) ?? '';
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1.5, fontWeight: 700 }}>
        {legend}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 16.5rem) minmax(0, 10rem)' } }}>
        <DateField
          id={`${id}-date`}
          label={t('compliance.moment.dateTime')}
          withTime
          value={localInputOf(value)}
          onChange={(local) => onChange(momentOfLocalInput(local))}
        />
        <OutlinedField id={`${id}-position`} label={t('compliance.moment.position')}>
          <input
            id={`${id}-position`}
            inputMode="numeric"
            pattern="[0-9]*"
            value={position}
            placeholder={t('compliance.moment.positionPlaceholder')}
            onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
          />
        </OutlinedField>
      </Box>
      {hint && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          {hint}
        </Typography>
      )}
    </Box>
  );
}
