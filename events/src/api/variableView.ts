import type { VariableData } from '../domain/modelEvents';

/** A variable's own fields: everything but its category mappings, which each side answers its own way. */
export type VariableFields = Omit<VariableData, 'categoryMappings'>;

/**
 * A variable as the HTTP API answers it, in both spellings the spec reads (`min_value` and
 * `minValue`, ...): the one view the command side (after a change) and the query side (from its
 * read model) both answer with.
 */
export const variableView = (variable: VariableFields) => ({
  id: variable.variableId,
  name: variable.name,
  description: variable.description,
  uniqueCode: variable.uniqueCode,
  variableCategoryId: variable.categoryId,
  variableProportion: variable.proportion,
  min_value: variable.minValue,
  minValue: variable.minValue,
  max_value: variable.maxValue,
  maxValue: variable.maxValue,
  responseType: variable.responseType,
  normalisationFormula: variable.normalisationFormula,
  normalizationFormula: variable.normalisationFormula,
  is_required: variable.isRequired,
  isRequired: variable.isRequired,
  mask: variable.mask,
  isUsedInFormula: variable.isUsedInFormula,
  is_active: variable.isActive,
  isActive: variable.isActive,
});
