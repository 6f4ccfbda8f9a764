import { variableView, type VariableFields } from '@credit/events';
import type { CategoryRow, ParameterTemplateRow, VariableMappingRow, VariableRow } from '@credit/projectors/src/readModels';

export const toCategory = (row: CategoryRow) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  creditLimitWeight: row.credit_limit_weight,
  interestRateWeight: row.interest_rate_weight,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export type Associations = { category?: CategoryRow; mappings?: VariableMappingRow[] };

/** A variable's row as its own fields, the shape the shared view reads. */
const variableFieldsOf = (row: VariableRow): VariableFields => ({
  variableId: row.id,
  name: row.name,
  description: row.description,
  uniqueCode: row.unique_code,
  categoryId: row.category_id,
  proportion: row.proportion,
  minValue: row.min_value,
  maxValue: row.max_value,
  responseType: row.response_type,
  normalisationFormula: row.normalisation_formula,
  isRequired: row.is_required,
  mask: row.mask,
  isUsedInFormula: row.is_used_in_formula,
  isActive: row.is_active,
});

/** The shared variable view with the row's timestamps; the category and mappings only when asked for. */
export const toVariable = (row: VariableRow, associations: Associations | null) => ({
  ...variableView(variableFieldsOf(row)),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  ...(associations === null
    ? {}
    : {
        category: associations.category ? toCategory(associations.category) : null,
        categoryName: associations.category?.name ?? null,
        categoryMappings: (associations.mappings ?? []).map((mapping) => ({
          categoryName: mapping.category_name,
          numericValue: mapping.numeric_value,
        })),
      }),
});

export const toTemplate = (row: ParameterTemplateRow) => ({
  id: row.id,
  uniqueCode: row.unique_code,
  name: row.name,
  description: row.description,
  recommendedRange: row.recommended_range,
  impact: row.impact,
  defaultValue: row.default_value,
  isActive: row.is_active,
  is_active: row.is_active,
  isRequired: row.is_required,
  is_required: row.is_required,
  isInstitutionSpecific: row.is_institution_specific,
  normalizationFormula: row.normalization_formula,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});
