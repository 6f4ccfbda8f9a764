import type { AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errorMessage';
import { TextInput } from '../../../shared/TextInput';
import { useForm } from '../../../shared/useForm';
import { FormDialog } from '../common/FormDialog';
import { PropertySwitch } from '../common/PropertySwitch';
import { FormulaField } from './FormulaField';
import { MappingRows } from './MappingRows';
import { ProportionEditor } from './ProportionEditor';
import { useCategoriesQuery } from './categoriesApi';
import { modelFigure } from './modelFigure';
import { categoryTotal, fitOthers, shareOf, totalsHundred } from './proportions';
import {
  hasMappingErrors,
  mappingErrors,
  variableRules,
  type MappingDraft,
  type MappingErrors,
  type VariableFormValues,
} from './variableRules';
import {
  RESPONSE_TYPES,
  useCreateVariableMutation,
  useUpdateVariableMutation,
  type ResponseType,
  type Variable,
  type VariableBody,
} from './variablesApi';

export type VariableSaved = { text: string; severity: AlertColor };

const valuesOf = (variable: Variable | null): VariableFormValues => ({
  name: variable?.name ?? '',
  uniqueCode: variable ? String(variable.uniqueCode) : '',
  description: variable?.description ?? '',
  categoryId: variable ? String(variable.variableCategoryId) : '',
  responseType: variable?.responseType ?? 'int_float',
  minValue: String(variable?.min_value ?? 0),
  maxValue: String(variable?.max_value ?? 100),
  proportion: String(variable?.variableProportion ?? 0),
  formula: variable?.normalisationFormula ?? '',
  isRequired: variable?.is_required ?? true,
  mask: variable?.mask ?? false,
  isUsedInFormula: variable?.isUsedInFormula ?? false,
});

const mappingsOf = (variable: Variable | null): MappingDraft[] =>
  (variable?.categoryMappings ?? []).map((mapping, index) => ({
    key: index + 1,
    categoryName: mapping.categoryName,
    numericValue: String(mapping.numericValue),
  }));

/** The category's other active variables: their shares and this one's must total 100. */
const siblingsOf = (variables: readonly Variable[], categoryId: number, self: number | undefined) =>
  variables.filter((other) => other.variableCategoryId === categoryId && other.id !== self && other.isActive);

type Props = { variable: Variable | null; variables: Variable[]; onClose: (saved?: VariableSaved) => void };

/**
 * Add (variable null) or edit a variable: a formula only for Numeric, mappings only for Categorical, and,
 * when the chosen category holds other variables, their proportions edited and saved in the same call.
 */
export function VariableDialog({ variable, variables, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const creating = variable === null;
  const categories = useCategoriesQuery();
  const form = useForm<VariableFormValues>(valuesOf(variable), variableRules);
  const [mappings, setMappings] = useState<MappingDraft[]>(() => mappingsOf(variable));
  const [mappingProblems, setMappingProblems] = useState<MappingErrors | null>(null);
  const [shares, setShares] = useState<Record<number, string>>({});
  const [totalRefused, setTotalRefused] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [create, creatingState] = useCreateVariableMutation();
  const [update, updatingState] = useUpdateVariableMutation();
  const busy = creatingState.isLoading || updatingState.isLoading;

  const values = form.values;
  const responseType = values.responseType as ResponseType;
  const categoryId = Number(values.categoryId);
  const category = categories.data?.find((candidate) => candidate.id === categoryId);
  const siblings = values.categoryId === '' ? [] : siblingsOf(variables, categoryId, variable?.id);
  const others = siblings.map((sibling) => ({
    id: sibling.id,
    name: sibling.name,
    value: shares[sibling.id] ?? String(sibling.variableProportion),
  }));
  const total = categoryTotal(
    values.proportion,
    others.map((other) => other.value),
  );

  const changeMappings = (next: MappingDraft[]) => {
    setMappings(next);
    setMappingProblems(null);
  };
  const changeShares = (next: Record<number, string>) => {
    setShares(next);
    setTotalRefused(false);
  };
  const chooseType = (next: string) => {
    form.setValue('responseType', next);
    if (next === 'categorical' && mappings.length === 0) changeMappings([{ key: 1, categoryName: '', numericValue: '' }]);
  };

  /** What the category that lost this variable now totals, when it is no longer 100. */
  const leftBehind = (): string | null => {
    if (!variable || variable.variableCategoryId === categoryId) return null;
    const left = siblingsOf(variables, variable.variableCategoryId, variable.id);
    const leftTotal = categoryTotal(
      '0',
      left.map((other) => String(other.variableProportion)),
    );
    if (left.length === 0 || totalsHundred(leftTotal)) return null;
    return t('admin.variables.leftTotal', { category: variable.categoryName ?? '', total: modelFigure(leftTotal, i18n.language) });
  };

  const submit = async () => {
    setError(null);
    let valid = form.validate();
    if (responseType === 'categorical') {
      const problems = mappingErrors(mappings);
      setMappingProblems(problems);
      if (hasMappingErrors(problems)) valid = false;
    }
    if (siblings.length > 0 && !totalsHundred(total)) {
      setTotalRefused(true);
      valid = false;
    }
    if (!valid) return;
    const body: VariableBody = {
      name: values.name.trim(),
      description: values.description.trim(),
      uniqueCode: Number(values.uniqueCode),
      is_required: values.isRequired,
      mask: values.mask,
      isUsedInFormula: values.isUsedInFormula,
      min_value: Number(values.minValue),
      max_value: Number(values.maxValue),
      responseType,
      variableCategoryId: categoryId,
      variableProportion: Number(values.proportion),
      normalisationFormula: responseType === 'int_float' && values.formula.trim() !== '' ? values.formula.trim() : null,
      categoryMappings:
        responseType === 'categorical'
          ? mappings.map((mapping) => ({ categoryName: mapping.categoryName.trim(), numericValue: Number(mapping.numericValue) }))
          : [],
      redistributeProportions: others.map((other) => ({ variableId: other.id, proportion: shareOf(other.value) })),
    };
    const result = creating ? await create(body) : await update({ id: variable.id, ...body });
    if (result.error) return setError(errorMessage(result.error, t('admin.variables.saveFailed')));
    const saved = t(creating ? 'admin.variables.created' : 'admin.variables.updated');
    const warning = leftBehind();
    onClose(warning ? { text: `${saved}. ${warning}`, severity: 'warning' } : { text: saved, severity: 'success' });
  };

  const helper = (field: keyof VariableFormValues) => (form.errors[field] ? t(form.errors[field] as string) : undefined);
  const grid = (columns: string) => ({ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: columns }, columnGap: 2 });
  const noLabelMark = { inputLabel: { required: false } };
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
      <Box sx={grid('2fr 1fr')}>
        <TextInput
          {...form.textProps('name')}
          id="variable-name"
          label={t('admin.variables.name')}
          required
          disabled={busy}
          helperText={helper('name')}
        />
        <TextField
          {...form.textProps('uniqueCode')}
          id="variable-code"
          label={t('admin.variables.uniqueCode')}
          type="number"
          fullWidth
          margin="normal"
          required
          disabled={busy}
          slotProps={{ htmlInput: { step: 1 }, ...noLabelMark }}
          helperText={helper('uniqueCode')}
        />
      </Box>
      <TextField
        {...form.textProps('description')}
        id="variable-description"
        label={t('admin.variables.description')}
        fullWidth
        multiline
        minRows={2}
        margin="normal"
        required
        disabled={busy}
        slotProps={noLabelMark}
        helperText={helper('description')}
      />
      <Box sx={grid('1fr 1fr')}>
        <TextField
          select
          id="variable-category"
          name="categoryId"
          label={t('admin.variables.category')}
          value={values.categoryId}
          onChange={(event) => {
            form.setValue('categoryId', event.target.value);
            setTotalRefused(false);
          }}
          onBlur={() => form.blur('categoryId')}
          error={form.errors.categoryId !== undefined}
          helperText={helper('categoryId')}
          fullWidth
          margin="normal"
          required
          disabled={busy}
          slotProps={noLabelMark}
        >
          {categories.isLoading && (
            <MenuItem value="" disabled>
              {t('admin.variables.categoriesLoading')}
            </MenuItem>
          )}
          {categories.isError && (
            <MenuItem value="" disabled>
              {t('admin.variables.categoriesFailed')}
            </MenuItem>
          )}
          {categories.data?.length === 0 && (
            <MenuItem value="" disabled>
              {t('admin.variables.noCategories')}
            </MenuItem>
          )}
          {categories.data?.map((option) => (
            <MenuItem key={option.id} value={String(option.id)}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          id="variable-response-type"
          name="responseType"
          label={t('admin.variables.responseType')}
          value={values.responseType}
          onChange={(event) => chooseType(event.target.value)}
          onBlur={() => form.blur('responseType')}
          error={form.errors.responseType !== undefined}
          helperText={helper('responseType')}
          fullWidth
          margin="normal"
          required
          disabled={busy}
          slotProps={noLabelMark}
        >
          {RESPONSE_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`admin.variables.responseTypes.${type}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={grid('1fr 1fr 1fr')}>
        {(['minValue', 'maxValue'] as const).map((field) => (
          <TextField
            key={field}
            {...form.textProps(field)}
            id={`variable-${field}`}
            label={t(`admin.variables.${field}`)}
            type="number"
            fullWidth
            margin="normal"
            required
            disabled={busy}
            slotProps={{ htmlInput: { step: 'any' }, ...noLabelMark }}
            helperText={helper(field)}
          />
        ))}
        <TextField
          {...form.textProps('proportion')}
          onChange={(event) => {
            form.setValue('proportion', event.target.value);
            setTotalRefused(false);
          }}
          id="variable-proportion"
          label={t('admin.variables.proportion')}
          type="number"
          fullWidth
          margin="normal"
          required
          disabled={busy}
          slotProps={{ htmlInput: { step: 0.01, min: 0, max: 100 }, ...noLabelMark }}
          helperText={helper('proportion') ?? t('admin.variables.proportionHint')}
        />
      </Box>
      {responseType === 'int_float' && (
        <FormulaField
          value={values.formula}
          onChange={(next) => form.setValue('formula', next)}
          minValue={values.minValue}
          maxValue={values.maxValue}
          variableId={variable?.id}
          disabled={busy}
        />
      )}
      {responseType === 'categorical' && (
        <MappingRows mappings={mappings} errors={mappingProblems} disabled={busy} onChange={changeMappings} />
      )}
      {siblings.length > 0 && (
        <ProportionEditor
          categoryName={category?.name ?? ''}
          ownName={values.name.trim() || t('admin.variables.newVariable')}
          own={values.proportion}
          others={others}
          error={totalRefused ? t('admin.variables.rules.totalHundred') : null}
          disabled={busy}
          onChange={(id, value) => changeShares({ ...shares, [id]: value })}
          onFit={() => {
            const fitted = fitOthers(
              values.proportion,
              others.map((other) => other.value),
            );
            changeShares(Object.fromEntries(others.map((other, index) => [other.id, fitted[index]])));
          }}
        />
      )}
      <Box sx={{ ...grid('1fr 1fr 1fr'), mt: 2 }}>
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
    </FormDialog>
  );
}
