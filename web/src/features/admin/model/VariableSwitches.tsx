import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { PropertySwitch } from '../common/PropertySwitch';
import type { useVariableForm } from './useVariableForm';
import { formGrid } from './VariableFields';

type Props = { state: ReturnType<typeof useVariableForm>; busy: boolean };

/** Required, masked, used in the formula: the variable's three switches. */
export function VariableSwitches({ state, busy }: Props) {
  const { t } = useTranslation();
  const { form, values } = state;
  return (
    <Box sx={{ ...formGrid('1fr 1fr 1fr'), mt: 2 }}>
      <PropertySwitch
        label={t('admin.variables.required')}
        hint={t('admin.variables.requiredHint')}
        checked={values.isRequired}
        disabled={busy}
        onChange={(checked) => form.setValue('isRequired', checked)}
      />
      <PropertySwitch
        label={t('admin.variables.mask')}
        hint={t('admin.variables.maskHint')}
        checked={values.mask}
        disabled={busy}
        onChange={(checked) => form.setValue('mask', checked)}
      />
      <PropertySwitch
        label={t('admin.variables.usedInFormula')}
        hint={t('admin.variables.usedInFormulaHint')}
        checked={values.isUsedInFormula}
        disabled={busy}
        onChange={(checked) => form.setValue('isUsedInFormula', checked)}
      />
    </Box>
  );
}
