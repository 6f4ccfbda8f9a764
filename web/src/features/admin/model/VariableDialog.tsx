import type { AlertColor } from '@mui/material/Alert';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errorMessage';
import { FormDialog } from '../common/FormDialog';
import { FormulaField } from './FormulaField';
import { MappingRows } from './MappingRows';
import { ProportionEditor } from './ProportionEditor';
import { useCategoriesQuery } from './categoriesApi';
import { modelFigure } from './modelFigure';
import { useVariableForm } from './useVariableForm';
import { leftBehindTotal } from './variableForm';
import { VariableFields } from './VariableFields';
import { VariableSwitches } from './VariableSwitches';
import { useCreateVariableMutation, useUpdateVariableMutation, type Variable } from './variablesApi';

export type VariableSaved = { text: string; severity: AlertColor };

type Props = { variable: Variable | null; variables: Variable[]; onClose: (saved?: VariableSaved) => void };

/**
 * Add (variable null) or edit a variable: a formula only for Numeric, mappings only for Categorical, and,
 * when the chosen category holds other variables, their proportions edited and saved in the same call.
 */
export function VariableDialog({ variable, variables, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const creating = variable === null;
  const categories = useCategoriesQuery();
  const state = useVariableForm(variable, variables);
  const [error, setError] = useState<string | null>(null);
  const [create, creatingState] = useCreateVariableMutation();
  const [update, updatingState] = useUpdateVariableMutation();
  const busy = creatingState.isLoading || updatingState.isLoading;
  const { values, responseType, others } = state;

  const submit = async () => {
    setError(null);
    const body = state.submit();
    if (!body) return;
    const result = creating ? await create(body) : await update({ id: variable.id, ...body });
    if (result.error) return setError(errorMessage(result.error, t('admin.variables.saveFailed')));
    const saved = t(creating ? 'admin.variables.created' : 'admin.variables.updated');
    const left = leftBehindTotal(variable, variables, state.categoryId);
    if (left === null) return onClose({ text: saved, severity: 'success' });
    const warning = t('admin.variables.leftTotal', { category: variable?.categoryName ?? '', total: modelFigure(left, i18n.language) });
    onClose({ text: `${saved}. ${warning}`, severity: 'warning' });
  };

  return (
    <FormDialog
      title={t(creating ? 'admin.variables.createTitle' : 'admin.variables.editTitle')}
      submitLabel={t(creating ? 'admin.variables.create' : 'admin.variables.update')}
      busy={busy}
      error={error}
      maxWidth="md"
      onSubmit={submit}
      onCancel={() => onClose()}
    >
      <VariableFields state={state} busy={busy} />
      {responseType === 'int_float' && (
        <FormulaField
          value={values.formula}
          onChange={(next) => state.form.setValue('formula', next)}
          minValue={values.minValue}
          maxValue={values.maxValue}
          variableId={variable?.id}
          disabled={busy}
        />
      )}
      {responseType === 'categorical' && (
        <MappingRows mappings={state.mappings} errors={state.mappingProblems} disabled={busy} onChange={state.changeMappings} />
      )}
      {others.length > 0 && (
        <ProportionEditor
          categoryName={categories.data?.find((candidate) => candidate.id === state.categoryId)?.name ?? ''}
          ownName={values.name.trim() || t('admin.variables.newVariable')}
          own={values.proportion}
          others={others}
          error={state.totalRefused ? t('admin.variables.rules.totalHundred') : null}
          disabled={busy}
          onChange={state.changeShare}
          onFit={state.fitShares}
        />
      )}
      <VariableSwitches state={state} busy={busy} />
    </FormDialog>
  );
}
