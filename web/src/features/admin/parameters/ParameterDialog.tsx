import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errorMessage';
import { TextInput } from '../../../shared/TextInput';
import { useForm } from '../../../shared/useForm';
import { useGroupedNumber } from '../../../shared/useGroupedNumber';
import { FormDialog } from '../common/FormDialog';
import { PropertySwitch } from '../common/PropertySwitch';
import { parameterRules, type ParameterFormValues } from './parameterRules';
import { FormField } from '../../../shared/FormField';
import {
  PARAMETER_IMPACTS,
  useCreateParameterTemplateMutation,
  useUpdateParameterTemplateMutation,
  type ParameterTemplate,
  type ParameterTemplateBody,
} from './parametersApi';

const valuesOf = (template: ParameterTemplate | null): ParameterFormValues => ({
  name: template?.name ?? '',
  uniqueCode: template ? String(template.uniqueCode) : '',
  description: template?.description ?? '',
  recommendedRange: template?.recommendedRange ?? '',
  impact: template?.impact ?? '',
  normalizationFormula: template?.normalizationFormula ?? '',
  institutionValue: template ? String(template.defaultValue) : '',
  isInstitutionSpecific: template?.isInstitutionSpecific ?? true,
  isActive: template?.isActive ?? true,
  isRequired: template?.isRequired ?? true,
});

function bodyOf(values: ParameterFormValues, creating: boolean): ParameterTemplateBody {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    recommendedRange: values.recommendedRange.trim(),
    impact: values.impact,
    normalizationFormula: values.normalizationFormula.trim(),
    isActive: values.isActive,
    isRequired: values.isRequired,
    isInstitutionSpecific: values.isInstitutionSpecific,
    ...(creating ? { uniqueCode: Number(values.uniqueCode) } : {}),
    // The value every institution starts from; left as it is when the field is hidden.
    ...(values.isInstitutionSpecific ? { defaultValue: Number(values.institutionValue) } : {}),
  };
}

type Props = { template: ParameterTemplate | null; onClose: (saved?: string) => void };

/** The shared parameter dialog: create (template null) or edit a template; the unique code is read-only on edit. */
export function ParameterDialog({ template, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const creating = template === null;
  const form = useForm<ParameterFormValues>(valuesOf(template), parameterRules(creating));
  const [create, creatingState] = useCreateParameterTemplateMutation();
  const [update, updatingState] = useUpdateParameterTemplateMutation();
  const busy = creatingState.isLoading || updatingState.isLoading;
  const [error, setError] = useState<string | null>(null);
  const institutionValue = useGroupedNumber(
    form.values.institutionValue,
    (plain) => form.setValue('institutionValue', plain),
    i18n.language,
  );

  const submit = async () => {
    setError(null);
    if (!form.validate()) return;
    const body = bodyOf(form.values, creating);
    const result = creating ? await create(body) : await update({ id: template.id, ...body });
    if (result.error)
      return setError(errorMessage(result.error, t(creating ? 'admin.parameters.createFailed' : 'admin.parameters.updateFailedRetry')));
    onClose(t(creating ? 'admin.parameters.created' : 'admin.parameters.updated'));
  };

  return (
    <FormDialog
      title={t(creating ? 'admin.parameters.createTitle' : 'admin.parameters.editTitle')}
      submitLabel={t(creating ? 'admin.parameters.createButton' : 'admin.parameters.saveButton')}
      busy={busy}
      error={error}
      onSubmit={submit}
      onCancel={() => onClose()}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, columnGap: 2 }}>
        <TextInput
          {...form.textProps('name')}
          id="parameter-name"
          label={t('admin.parameters.name')}
          required
          disabled={busy}
          helperText={form.message('name')}
        />
        <FormField
          form={form}
          field="uniqueCode"
          id="parameter-code"
          label={t('admin.parameters.uniqueCode')}
          type={creating ? 'number' : 'text'}
          required={creating}
          busy={busy}
          htmlInput={{ readOnly: !creating, step: 1, min: 0 }}
          input={creating ? undefined : { sx: { bgcolor: 'background.default' } }}
          hint={t(creating ? 'admin.parameters.uniqueCodeHint' : 'admin.parameters.uniqueCodeLocked')}
        />
      </Box>
      <FormField
        form={form}
        field="description"
        id="parameter-description"
        label={t('admin.parameters.description')}
        multiline
        minRows={2}
        busy={busy}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <TextInput
          {...form.textProps('recommendedRange')}
          id="parameter-range"
          label={t('admin.parameters.recommendedRange')}
          required
          disabled={busy}
          helperText={form.message('recommendedRange') ?? t('admin.parameters.recommendedRangeHint')}
        />
        <TextField
          select
          id="parameter-impact"
          name="impact"
          label={t('admin.parameters.impact')}
          value={form.values.impact}
          onChange={(event) => form.setValue('impact', event.target.value)}
          onBlur={() => form.blur('impact')}
          error={form.errors.impact !== undefined}
          helperText={form.message('impact')}
          fullWidth
          margin="normal"
          required
          disabled={busy}
          slotProps={{ inputLabel: { required: false } }}
        >
          {[...new Set([...PARAMETER_IMPACTS, ...(template ? [template.impact] : [])])].map((impact) => (
            <MenuItem key={impact} value={impact}>
              {t(`parameters.impact.${impact}`, { defaultValue: impact })}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <TextInput
        {...form.textProps('normalizationFormula')}
        id="parameter-formula"
        label={t('admin.parameters.formula')}
        disabled={busy}
        helperText={t('admin.parameters.formulaHint')}
      />
      <Box sx={{ display: 'grid', gap: 0.5, mt: 1 }}>
        <PropertySwitch
          label={t('admin.parameters.institutionSpecific')}
          hint={t('admin.parameters.institutionSpecificHint')}
          checked={form.values.isInstitutionSpecific}
          disabled={busy}
          onChange={(checked) => form.setValue('isInstitutionSpecific', checked)}
        />
        {form.values.isInstitutionSpecific && (
          <TextField
            {...form.textProps('institutionValue')}
            value={institutionValue.value}
            onFocus={institutionValue.onFocus}
            onChange={institutionValue.onChange}
            onBlur={() => {
              institutionValue.onBlur();
              form.blur('institutionValue');
            }}
            id="parameter-institution-value"
            label={t('admin.parameters.institutionValue')}
            fullWidth
            required
            disabled={busy}
            sx={{ mb: 1 }}
            slotProps={{ htmlInput: institutionValue.inputProps, inputLabel: { required: false } }}
            helperText={form.message('institutionValue') ?? t('admin.parameters.institutionValueHint')}
          />
        )}
        <PropertySwitch
          label={t('admin.parameters.active')}
          hint={t('admin.parameters.activeHint')}
          checked={form.values.isActive}
          disabled={busy}
          onChange={(checked) => form.setValue('isActive', checked)}
        />
        <PropertySwitch
          label={t('admin.parameters.required')}
          hint={t('admin.parameters.requiredHint')}
          checked={form.values.isRequired}
          disabled={busy}
          onChange={(checked) => form.setValue('isRequired', checked)}
        />
      </Box>
    </FormDialog>
  );
}
