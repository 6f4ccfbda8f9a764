import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errorMessage';
import { templateText } from '../../../api/serverText';
import { useGroupedNumber } from '../../../shared/useGroupedNumber';
import { Facts } from '../common/Facts';
import { FormDialog } from '../common/FormDialog';
import { outOfRange } from './outOfRange';
import { useSetInstitutionValuesMutation, type InstitutionParameterValue } from './parametersApi';
import { parameterNumber } from './templateColumns';

type Props = { value: InstitutionParameterValue; institutionName: string; onClose: (saved?: string) => void };

/** Edit Institution Parameter: one institution's value of one template, grouped in the page's language, warned when outside the recommended range. */
export function InstitutionValueDialog({ value, institutionName, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState(String(value.value));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [save, { isLoading: busy }] = useSetInstitutionValuesMutation();
  const number = useGroupedNumber(
    text,
    (plain) => {
      setText(plain);
      setFieldError(null);
    },
    i18n.language,
  );
  const warning = outOfRange(text, value.recommendedRange);

  const check = () => {
    if (text.trim() === '') return t('admin.parameters.rules.valueRequired');
    if (!Number.isFinite(Number(text))) return t('admin.parameters.rules.valueNumber');
    return null;
  };

  const submit = async () => {
    setError(null);
    const problem = check();
    setFieldError(problem);
    if (problem) return;
    const result = await save({
      institutionId: value.institutionId,
      parameters: [{ parameterId: value.parameterId, value: Number(text) }],
    });
    if (result.error) return setError(errorMessage(result.error, t('admin.parameters.updateFailedRetry')));
    onClose(t('admin.parameters.updated'));
  };

  return (
    <FormDialog
      title={t('admin.institutionParameters.editTitle')}
      submitLabel={t('admin.parameters.saveButton')}
      busy={busy}
      error={error}
      onSubmit={submit}
      onCancel={() => onClose()}
    >
      <Facts
        items={[
          { label: t('admin.institutionParameters.institution'), value: `${institutionName} (ID ${value.institutionId})` },
          { label: t('admin.parameters.columns.name'), value: `${templateText(value, 'name', i18n)} (${value.uniqueCode})` },
          { label: t('admin.parameters.columns.recommendedRange'), value: templateText(value, 'recommendedRange', i18n) },
          { label: t('admin.institutionParameters.defaultValue'), value: parameterNumber(value.defaultValue, i18n.language) },
        ]}
      />
      <TextField
        id="institution-value"
        label={t('admin.parameters.institutionValue')}
        fullWidth
        margin="normal"
        required
        disabled={busy}
        value={number.value}
        onFocus={number.onFocus}
        onChange={number.onChange}
        onBlur={() => {
          number.onBlur();
          setFieldError(check());
        }}
        error={fieldError !== null}
        helperText={fieldError ?? (warning ? t('parameters.outOfRange', { range: value.recommendedRange }) : ' ')}
        slotProps={{
          htmlInput: number.inputProps,
          inputLabel: { required: false },
          formHelperText: warning && !fieldError ? { sx: { color: '#8a4b00' } } : undefined,
        }}
      />
    </FormDialog>
  );
}
