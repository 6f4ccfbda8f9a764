import type { VariableData } from '@credit/events';

/**
 * The scoring-model read model's tables, as `modelProjection`'s migrations create them, and their
 * rows: the one place the projection and the query side take their names and columns from.
 */
export const MODEL_CATEGORIES = 'model_categories';
export const MODEL_VARIABLES = 'model_variables';
export const MODEL_VARIABLE_MAPPINGS = 'model_variable_mappings';
export const MODEL_PARAMETER_TEMPLATES = 'model_parameter_templates';

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
  response_type: VariableData['responseType'];
  normalisation_formula: string | null;
  is_required: boolean;
  mask: boolean;
  is_used_in_formula: boolean;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
};

/** One of a categorical variable's category mappings, in the order given (`ordinal`). */
export type VariableMappingRow = { variable_id: number; ordinal: number; category_name: string; numeric_value: number };

export type ParameterTemplateRow = {
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
