import Add from '@mui/icons-material/Add';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MappingDraft, MappingErrors } from './variableRules';

type Props = {
  mappings: MappingDraft[];
  errors: MappingErrors | null;
  disabled: boolean;
  onChange: (mappings: MappingDraft[]) => void;
};

/** A categorical variable's answers and the number each counts as; rows are added and removed freely. */
export function MappingRows({ mappings, errors, disabled, onChange }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const edit = (key: number, change: Partial<MappingDraft>) =>
    onChange(mappings.map((mapping) => (mapping.key === key ? { ...mapping, ...change } : mapping)));
  const add = () =>
    onChange([...mappings, { key: Math.max(0, ...mappings.map((mapping) => mapping.key)) + 1, categoryName: '', numericValue: '' }]);
  return (
    <Box role="group" aria-labelledby={titleId} sx={{ mt: 2 }}>
      <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('admin.variables.mappingsTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('admin.variables.mappingsHint')}
      </Typography>
      {mappings.map((mapping, index) => {
        const rowErrors = errors?.rows[mapping.key];
        const number = index + 1;
        return (
          <Box
            key={mapping.key}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr) minmax(0, 1fr) auto', sm: 'minmax(0, 2fr) minmax(0, 1fr) auto' },
              gap: 1,
              alignItems: 'start',
              mb: 1,
            }}
          >
            <TextField
              id={`mapping-name-${mapping.key}`}
              label={t('admin.variables.mappingName')}
              value={mapping.categoryName}
              onChange={(event) => edit(mapping.key, { categoryName: event.target.value })}
              size="small"
              required
              disabled={disabled}
              error={rowErrors?.name !== undefined}
              helperText={rowErrors?.name ? t(rowErrors.name) : undefined}
              slotProps={{
                htmlInput: { 'aria-label': t('admin.variables.mappingNameNumbered', { index: number }) },
                inputLabel: { required: false },
              }}
            />
            <TextField
              id={`mapping-value-${mapping.key}`}
              label={t('admin.variables.mappingValue')}
              value={mapping.numericValue}
              onChange={(event) => edit(mapping.key, { numericValue: event.target.value })}
              type="number"
              size="small"
              required
              disabled={disabled}
              error={rowErrors?.value !== undefined}
              helperText={rowErrors?.value ? t(rowErrors.value) : undefined}
              slotProps={{
                htmlInput: { step: 'any', 'aria-label': t('admin.variables.mappingValueNumbered', { index: number }) },
                inputLabel: { required: false },
              }}
            />
            <IconButton
              onClick={() => onChange(mappings.filter((other) => other.key !== mapping.key))}
              disabled={disabled}
              aria-label={t('admin.variables.removeMapping', { index: number })}
            >
              <RemoveCircleOutline />
            </IconButton>
          </Box>
        );
      })}
      {errors?.list && <FormHelperText error>{t(errors.list)}</FormHelperText>}
      <Button startIcon={<Add />} onClick={add} disabled={disabled} size="small" sx={{ mt: 0.5 }}>
        {t('admin.variables.addMapping')}
      </Button>
    </Box>
  );
}
