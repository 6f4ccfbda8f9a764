import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { templateText } from '../../../api/serverText';
import { formatDate } from '../../../shared/formatting';
import { useGroupedNumber } from '../../../shared/useGroupedNumber';
import { outOfRange } from './outOfRange';
import type { InstitutionParameterValue } from './parametersApi';
import { parameterNumber } from './templateColumns';

type Props = {
  parameter: InstitutionParameterValue;
  text: string;
  modified: boolean;
  error: string | null;
  disabled: boolean;
  onChange: (text: string) => void;
};

/** One value: its input (grouped in the page's language), Modified / Default / Inactive marks, the recommended range or the warning, who saved it last. */
export function InstitutionValueField({ parameter, text, modified, error, disabled, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const id = `institution-parameter-${parameter.parameterId}`;
  const warning = !error && outOfRange(text, parameter.recommendedRange);
  const number = useGroupedNumber(text, onChange, i18n.language);
  return (
    <Box
      sx={{
        border: 1,
        borderColor: modified ? 'primary.main' : 'divider',
        borderRadius: 2,
        p: 2,
        bgcolor: modified ? '#f4f8fd' : undefined,
      }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
          {t('admin.institutionParameters.code', { code: parameter.uniqueCode })}
        </Typography>
        {modified && <Chip size="small" color="primary" label={t('admin.institutionParameters.modified')} />}
        {!modified && parameter.isDefault && <Chip size="small" variant="outlined" label={t('admin.institutionParameters.default')} />}
        {!parameter.parameter.isActive && <Chip size="small" label={t('admin.common.inactive')} />}
      </Stack>
      <FormControl fullWidth error={error !== null} size="small">
        <InputLabel htmlFor={id}>{templateText(parameter, 'name', i18n)}</InputLabel>
        <OutlinedInput
          id={id}
          label={templateText(parameter, 'name', i18n)}
          required
          disabled={disabled}
          value={number.value}
          inputProps={{ ...number.inputProps, 'aria-describedby': `${id}-help` }}
          onFocus={number.onFocus}
          onBlur={number.onBlur}
          onChange={number.onChange}
          sx={{ bgcolor: 'background.paper' }}
        />
        <FormHelperText id={`${id}-help`} sx={warning ? { color: '#8a4b00' } : undefined}>
          {error ??
            (warning
              ? t('parameters.outOfRange', { range: templateText(parameter, 'recommendedRange', i18n) })
              : t('parameters.recommended', { range: templateText(parameter, 'recommendedRange', i18n) }))}
          {modified &&
            !error &&
            ` · ${t('admin.institutionParameters.wasValue', { value: parameterNumber(parameter.value, i18n.language) })}`}
        </FormHelperText>
      </FormControl>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {parameter.isDefault || parameter.updatedAt === null
          ? t('admin.institutionParameters.usesDefault', { value: parameterNumber(parameter.defaultValue, i18n.language) })
          : t('admin.institutionParameters.lastSaved', {
              date: formatDate(parameter.updatedAt, i18n.language, 'dateTime'),
              name: parameter.userName ?? '',
            })}
      </Typography>
    </Box>
  );
}
