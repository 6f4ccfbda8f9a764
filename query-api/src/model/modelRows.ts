/** Rows of the scoring-model projection and the shapes the spec's calls answer with. */
export type CategoryRow = {
  id: number;
  name: string;
  description: string;
  credit_limit_weight: number;
  interest_rate_weight: number;
  created_at: Date;
  updated_at: Date;
};

export type VariableRow = {
  id: number;
  name: string;
  description: string;
  unique_code: number;
  category_id: number;
  proportion: number;
  min_value: number;
  max_value: number;
  response_type: string;
  normalisation_formula: string | null;
  is_required: boolean;
  mask: boolean;
  is_used_in_formula: boolean;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
};

export type MappingRow = { variable_id: number; ordinal: number; category_name: string; numeric_value: number };

export type TemplateRow = {
  id: number;
  unique_code: number;
  name: string;
  description: string;
  recommended_range: string;
  impact: string;
  default_value: number;
  is_active: boolean;
  is_required: boolean;
  is_institution_specific: boolean;
  normalization_formula: string | null;
  created_at: Date;
  updated_at: Date;
};

export const toCategory = (row: CategoryRow) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  creditLimitWeight: row.credit_limit_weight,
  interestRateWeight: row.interest_rate_weight,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export type Associations = { category?: CategoryRow; mappings?: MappingRow[] };

/** Both spellings the spec reads (`min_value` / `minValue`, ...); the category and mappings only when asked for. */
export const toVariable = (row: VariableRow, associations: Associations | null) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  uniqueCode: row.unique_code,
  variableCategoryId: row.category_id,
  variableProportion: row.proportion,
  min_value: row.min_value,
  minValue: row.min_value,
  max_value: row.max_value,
  maxValue: row.max_value,
  responseType: row.response_type,
  normalisationFormula: row.normalisation_formula,
  normalizationFormula: row.normalisation_formula,
  is_required: row.is_required,
  isRequired: row.is_required,
  mask: row.mask,
  isUsedInFormula: row.is_used_in_formula,
  is_active: row.is_active,
  isActive: row.is_active,
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

export const toTemplate = (row: TemplateRow) => ({
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
