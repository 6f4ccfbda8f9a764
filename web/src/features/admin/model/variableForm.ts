import { categoryTotal, shareOf, totalsHundred } from './proportions';
import type { MappingDraft, VariableFormValues } from './variableRules';
import type { ResponseType, Variable, VariableBody } from './variablesApi';

/** Another variable of the same category, its share as edited in the dialog. */
export type OtherShare = { id: number; name: string; value: string };

/** The form's values for a variable (its defaults when adding one). */
export const valuesOf = (variable: Variable | null): VariableFormValues => ({
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

/** A variable's mappings as editable rows, keyed from 1. */
export const mappingsOf = (variable: Variable | null): MappingDraft[] =>
  (variable?.categoryMappings ?? []).map((mapping, index) => ({
    key: index + 1,
    categoryName: mapping.categoryName,
    numericValue: String(mapping.numericValue),
  }));

/** The category's other active variables: their shares and this one's must total 100. */
export const siblingsOf = (variables: readonly Variable[], categoryId: number, self: number | undefined): Variable[] =>
  variables.filter((other) => other.variableCategoryId === categoryId && other.id !== self && other.isActive);

/** The siblings with their shares as edited (`shares` by id), else as saved. */
export const otherShares = (siblings: readonly Variable[], shares: Record<number, string>): OtherShare[] =>
  siblings.map((sibling) => ({ id: sibling.id, name: sibling.name, value: shares[sibling.id] ?? String(sibling.variableProportion) }));

/**
 * What the dialog sends: trimmed texts and numbers; a formula only for Numeric (none when blank), mappings
 * only for Categorical, and the category's other shares set in the same save.
 */
export function variableBody(values: VariableFormValues, mappings: readonly MappingDraft[], others: readonly OtherShare[]): VariableBody {
  const responseType = values.responseType as ResponseType;
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    uniqueCode: Number(values.uniqueCode),
    is_required: values.isRequired,
    mask: values.mask,
    isUsedInFormula: values.isUsedInFormula,
    min_value: Number(values.minValue),
    max_value: Number(values.maxValue),
    responseType,
    variableCategoryId: Number(values.categoryId),
    variableProportion: Number(values.proportion),
    normalisationFormula: responseType === 'int_float' && values.formula.trim() !== '' ? values.formula.trim() : null,
    categoryMappings:
      responseType === 'categorical'
        ? mappings.map((mapping) => ({ categoryName: mapping.categoryName.trim(), numericValue: Number(mapping.numericValue) }))
        : [],
    redistributeProportions: others.map((other) => ({ variableId: other.id, proportion: shareOf(other.value) })),
  };
}

/**
 * When an edited variable moves to another category: what the category it left now totals, if that is
 * no longer 100 (null when it stays, or the category is left empty or still whole).
 */
export function leftBehindTotal(variable: Variable | null, variables: readonly Variable[], categoryId: number): number | null {
  if (!variable || variable.variableCategoryId === categoryId) return null;
  const left = siblingsOf(variables, variable.variableCategoryId, variable.id);
  const total = categoryTotal(
    '0',
    left.map((other) => String(other.variableProportion)),
  );
  return left.length === 0 || totalsHundred(total) ? null : total;
}
