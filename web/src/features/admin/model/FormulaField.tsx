import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errorMessage';
import { useDebounced } from '../../../shared/useDebounced';
import { modelFigure } from './modelFigure';
import { isNumber } from './variableRules';
import { useCheckFormulaMutation, useTryFormulaMutation, type FormulaDraft } from './variablesApi';

type Props = {
  value: string;
  onChange: (value: string) => void;
  minValue: string;
  maxValue: string;
  variableId?: number;
  disabled: boolean;
};

/** The range the formula is read against, only where it is a number (the server checks the rest on save). */
const draftOf = (formula: string, minValue: string, maxValue: string, variableId?: number): FormulaDraft => ({
  formula: formula.trim(),
  ...(isNumber(minValue) ? { minValue: Number(minValue) } : {}),
  ...(isNumber(maxValue) ? { maxValue: Number(maxValue) } : {}),
  ...(variableId === undefined ? {} : { variableId }),
});

/**
 * A numeric variable's normalisation formula, checked by the server as it is typed (once typing pauses),
 * with the server's reason on the field, and tried on a sample value.
 */
export function FormulaField({ value, onChange, minValue, maxValue, variableId, disabled }: Props) {
  const { t, i18n } = useTranslation();
  const figure = (number: number) => modelFigure(Math.round(number * 10_000) / 10_000, i18n.language);
  const draft = draftOf(value, minValue, maxValue, variableId);
  const key = JSON.stringify(draft);
  const settled = useDebounced(key, 400);
  const [check, checked] = useCheckFormulaMutation();
  const [tryFormula, tried] = useTryFormulaMutation();
  const [sample, setSample] = useState('');
  const [sampleError, setSampleError] = useState<string | null>(null);
  // A trial's answer shows only while the formula, its range and the sample are still the ones tried.
  const [triedKey, setTriedKey] = useState<string | null>(null);

  useEffect(() => {
    const next = JSON.parse(settled) as FormulaDraft;
    if (next.formula !== '') void check(next);
  }, [settled, check]);

  const current = (args: unknown) => args !== undefined && JSON.stringify(args) === key;
  const checkedNow = current(checked.originalArgs) && !checked.isLoading;
  const refused = draft.formula !== '' && checkedNow && checked.isError;
  let helper: string;
  if (draft.formula === '') helper = `${t('admin.variables.formulaHint')}. ${t('admin.variables.formulaDefault')}`;
  else if (refused) helper = errorMessage(checked.error, t('admin.variables.formulaCheckFailed'));
  else if (checkedNow && checked.data)
    helper = t('admin.variables.formulaValid', {
      samples: checked.data.samples
        .map((sampled) =>
          t('admin.variables.formulaSample', {
            value: figure(sampled.value),
            result: sampled.result === null ? '—' : figure(sampled.result),
          }),
        )
        .join(' · '),
    });
  else helper = t('admin.variables.formulaChecking');

  const trySample = () => {
    if (sample.trim() === '') return setSampleError(t('admin.variables.sampleRequired'));
    setSampleError(null);
    setTriedKey(`${key}|${sample.trim()}`);
    void tryFormula({ ...draft, testValue: sample.trim() });
  };
  const onSampleKey = (event: KeyboardEvent) => {
    // Enter tries the sample rather than saving the whole form.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    trySample();
  };
  const trialShown = triedKey === `${key}|${sample.trim()}`;
  return (
    <Box>
      <TextField
        id="variable-formula"
        name="formula"
        label={t('admin.variables.formula')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={refused}
        disabled={disabled}
        fullWidth
        margin="normal"
        autoComplete="off"
        placeholder="value / max_value"
        slotProps={{
          htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } },
          formHelperText: { 'aria-live': 'polite' } as object,
        }}
        helperText={helper}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1, mt: 0.5 }}>
        <TextField
          id="variable-sample"
          label={t('admin.variables.sampleValue')}
          value={sample}
          onChange={(event) => {
            setSample(event.target.value);
            setSampleError(null);
          }}
          onKeyDown={onSampleKey}
          size="small"
          disabled={disabled}
          error={sampleError !== null}
          helperText={sampleError ?? t('admin.variables.sampleHint')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ flex: '1 1 180px', maxWidth: 260 }}
        />
        <Button variant="outlined" onClick={trySample} disabled={disabled || tried.isLoading} sx={{ height: 40 }}>
          {tried.isLoading ? t('admin.variables.trying') : t('admin.variables.tryFormula')}
        </Button>
      </Box>
      <Box role="status" sx={{ minHeight: 24, mt: 0.5 }}>
        {trialShown && !tried.isLoading && tried.isSuccess && (
          <Typography variant="body2">
            <strong>
              {t('admin.variables.tryResult', { value: tried.originalArgs?.testValue, n: figure(tried.data.normalizedValue) })}
            </strong>
            {tried.data.formulaResult !== null && Math.abs(tried.data.formulaResult - tried.data.normalizedValue) > 1e-9 && (
              <> {t('admin.variables.tryRaw', { raw: figure(tried.data.formulaResult) })}</>
            )}
          </Typography>
        )}
        {trialShown && !tried.isLoading && tried.isError && (
          <Typography variant="body2" color="error">
            {errorMessage(tried.error, t('admin.variables.tryFailed'))}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
