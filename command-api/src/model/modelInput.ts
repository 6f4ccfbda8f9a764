import { parameterImpactSchema, UNIQUE_CODE_LIMIT, ValidationError } from '@credit/events';
import type { ResponseType } from '@credit/scoring';
import { field, required, validate, type Body, type Rule } from '../http/input';
import type { CategoryFields, ProportionChange, TemplateFields, VariableFields } from './decideScoringModel';

/** Reads the model's forms in both spellings the spec gives, with the spec's messages. */
const text = (value: unknown): string | undefined => (value === undefined || value === null ? undefined : String(value));

export const toNumber = (value: unknown): number =>
  typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : NaN;

const isNumber = (value: string) => value.trim() !== '' && Number.isFinite(Number(value.trim()));

const numberRule = (message: string): Rule => ({ fails: (value) => value.trim() !== '' && !isNumber(value), message });
const wholeRule = (message: string): Rule => ({
  fails: (value) => value.trim() !== '' && !Number.isSafeInteger(Number(value.trim())),
  message,
});
/** Codes are stored as PostgreSQL integers, like the event schemas say. */
const codeRange = (): Rule => ({
  fails: (value) => isNumber(value) && Math.abs(Number(value.trim())) > UNIQUE_CODE_LIMIT,
  message: `Unique code must be between -${UNIQUE_CODE_LIMIT} and ${UNIQUE_CODE_LIMIT}`,
});
const rangeRule = (min: number, max: number, message: string): Rule => ({
  fails: (value) => isNumber(value) && (Number(value) < min || Number(value) > max),
  message,
});
const oneOf = (values: readonly string[], message: string): Rule => ({
  fails: (value) => value.trim() !== '' && !values.includes(value.trim().toLowerCase()),
  message,
});

function flag(body: Body, fallback: boolean | undefined, ...names: string[]): boolean | undefined {
  const value = field(body, ...names);
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 1 || value === '1') return true;
  if (value === 'false' || value === 0 || value === '0') return false;
  throw new ValidationError(`${names[0]} must be true or false`);
}

export function categoryFields(body: Body): CategoryFields {
  const name = text(field(body, 'name'))?.trim() ?? '';
  const description = text(field(body, 'description'))?.trim() ?? '';
  const creditLimitWeight = toNumber(field(body, 'creditLimitWeight', 'credit_limit_weight'));
  const interestRateWeight = toNumber(field(body, 'interestRateWeight', 'interest_rate_weight'));
  if (name === '' || description === '') throw new ValidationError('Name and description are required.');
  if (!Number.isFinite(creditLimitWeight) || !Number.isFinite(interestRateWeight)) {
    throw new ValidationError('Credit Limit Weight and Interest Rate Weight must be valid numbers.');
  }
  if ([creditLimitWeight, interestRateWeight].some((weight) => weight < 0 || weight > 100)) {
    throw new ValidationError('Weights must be between 0 and 100 (inclusive).');
  }
  return { name, description, creditLimitWeight, interestRateWeight };
}

const RESPONSE_TYPES: readonly ResponseType[] = ['int_float', 'boolean', 'categorical'];

const variableNames = {
  name: ['name'],
  uniqueCode: ['uniqueCode', 'unique_code'],
  description: ['description'],
  categoryId: ['variableCategoryId', 'variable_category_id', 'categoryId', 'category_id'],
  responseType: ['responseType', 'response_type'],
  minValue: ['minValue', 'min_value'],
  maxValue: ['maxValue', 'max_value'],
  proportion: ['variableProportion', 'variable_proportion', 'proportion'],
  formula: ['normalisationFormula', 'normalizationFormula', 'normalisation_formula', 'normalization_formula'],
  mappings: ['categoryMappings', 'category_mappings'],
} as const;

function mappings(value: unknown): VariableFields['categoryMappings'] {
  if (!Array.isArray(value)) throw new ValidationError('categoryMappings must be a list of categoryName and numericValue');
  return value.map((entry: unknown) => {
    const mapping = (entry && typeof entry === 'object' ? entry : {}) as Body;
    const categoryName = text(field(mapping, 'categoryName', 'category_name', 'name'))?.trim() ?? '';
    const numericValue = toNumber(field(mapping, 'numericValue', 'numeric_value', 'value'));
    if (categoryName === '') throw new ValidationError('Each category mapping needs a category name');
    if (!Number.isFinite(numericValue)) throw new ValidationError(`The numeric value of "${categoryName}" must be a valid number`);
    return { categoryName, numericValue };
  });
}

/**
 * The variable form's fields. On create every required field must be there; on update a field
 * that is left out keeps its value, but one that is sent is checked as on create.
 */
export function variableFields(body: Body, mode: 'create'): VariableFields;
export function variableFields(body: Body, mode: 'update'): Partial<VariableFields>;
export function variableFields(body: Body, mode: 'create' | 'update'): Partial<VariableFields> {
  const raw = (names: readonly string[]) => text(field(body, ...names));
  const present = (names: readonly string[]) => mode === 'create' || field(body, ...names) !== undefined;
  const rules = (names: readonly string[], list: Rule[]): Rule[] => (present(names) ? list : []);
  const values = {
    name: raw(variableNames.name)?.trim(),
    uniqueCode: raw(variableNames.uniqueCode),
    description: raw(variableNames.description)?.trim(),
    categoryId: raw(variableNames.categoryId),
    responseType: raw(variableNames.responseType) ?? (mode === 'create' ? 'int_float' : undefined),
    minValue: raw(variableNames.minValue),
    maxValue: raw(variableNames.maxValue),
    proportion: raw(variableNames.proportion),
  };
  validate([
    ['name', values.name, rules(variableNames.name, [required('Name is required')])],
    [
      'uniqueCode',
      values.uniqueCode,
      rules(variableNames.uniqueCode, [required('Unique code is required'), wholeRule('Unique code must be a whole number'), codeRange()]),
    ],
    ['description', values.description, rules(variableNames.description, [required('Description is required')])],
    [
      'variableCategoryId',
      values.categoryId,
      rules(variableNames.categoryId, [required('Category is required'), wholeRule('Category is required')]),
    ],
    [
      'responseType',
      values.responseType,
      present(variableNames.responseType) || mode === 'create'
        ? [required('Response type is required'), oneOf(RESPONSE_TYPES, 'Response type must be int_float, boolean or categorical')]
        : [],
    ],
    [
      'minValue',
      values.minValue,
      rules(variableNames.minValue, [
        required('Minimum value is required'),
        numberRule('Minimum value must be a valid number greater than or equal to 0'),
        rangeRule(0, Infinity, 'Minimum value must be a valid number greater than or equal to 0'),
      ]),
    ],
    [
      'maxValue',
      values.maxValue,
      rules(variableNames.maxValue, [required('Maximum value is required'), numberRule('Maximum value must be a valid number')]),
    ],
    [
      'variableProportion',
      values.proportion,
      rules(variableNames.proportion, [
        required('Variable proportion is required'),
        numberRule('Variable proportion must be a number between 0 and 100'),
        rangeRule(0, 100, 'Variable proportion must be a number between 0 and 100'),
      ]),
    ],
  ]);

  const fields: Partial<{ -readonly [key in keyof VariableFields]: VariableFields[key] }> = {};
  if (values.name !== undefined) fields.name = values.name;
  if (values.uniqueCode !== undefined) fields.uniqueCode = Number(values.uniqueCode);
  if (values.description !== undefined) fields.description = values.description;
  if (values.categoryId !== undefined) fields.categoryId = Number(values.categoryId);
  if (values.responseType !== undefined) fields.responseType = values.responseType.trim().toLowerCase() as ResponseType;
  if (values.minValue !== undefined) fields.minValue = Number(values.minValue);
  if (values.maxValue !== undefined) fields.maxValue = Number(values.maxValue);
  if (values.proportion !== undefined) fields.proportion = Number(values.proportion);
  const formula = field(body, ...variableNames.formula);
  if (formula !== undefined) fields.normalisationFormula = formula === null ? null : String(formula);
  else if (mode === 'create') fields.normalisationFormula = null;
  const mapped = field(body, ...variableNames.mappings);
  if (mapped !== undefined && mapped !== null) fields.categoryMappings = mappings(mapped);
  else if (mode === 'create') fields.categoryMappings = [];
  const defaults = mode === 'create';
  const isRequired = flag(body, defaults ? true : undefined, 'is_required', 'isRequired');
  const mask = flag(body, defaults ? false : undefined, 'mask');
  const isUsedInFormula = flag(body, defaults ? false : undefined, 'isUsedInFormula', 'is_used_in_formula');
  const isActive = flag(body, defaults ? true : undefined, 'isActive', 'is_active');
  if (isRequired !== undefined) fields.isRequired = isRequired;
  if (mask !== undefined) fields.mask = mask;
  if (isUsedInFormula !== undefined) fields.isUsedInFormula = isUsedInFormula;
  if (isActive !== undefined) fields.isActive = isActive;
  return fields;
}

export function redistribution(body: Body): ProportionChange[] {
  const value = field(body, 'redistributeProportions', 'redistribute_proportions');
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new ValidationError('redistributeProportions must be a list of variableId and proportion');
  return value.map((entry: unknown) => {
    const change = (entry && typeof entry === 'object' ? entry : {}) as Body;
    const variableId = toNumber(field(change, 'variableId', 'variable_id', 'id'));
    const proportion = toNumber(field(change, 'proportion', 'variableProportion', 'variable_proportion'));
    if (!Number.isSafeInteger(variableId) || variableId <= 0) throw new ValidationError('Each redistribution entry needs a variableId');
    if (!Number.isFinite(proportion) || proportion < 0 || proportion > 100) {
      throw new ValidationError('Variable proportion must be a number between 0 and 100');
    }
    return { variableId, proportion };
  });
}

const PARAMETER_IMPACTS = parameterImpactSchema.options;

/** The parameter form: create needs every listed field; the edit dialog checks only what it sends. */
export function templateFields(body: Body, mode: 'create'): TemplateFields;
export function templateFields(body: Body, mode: 'update'): Partial<TemplateFields>;
export function templateFields(body: Body, mode: 'create' | 'update'): Partial<TemplateFields> {
  const names = {
    name: ['name'],
    description: ['description'],
    recommendedRange: ['recommendedRange', 'recommended_range'],
    impact: ['impact'],
    uniqueCode: ['uniqueCode', 'unique_code'],
    defaultValue: ['defaultValue', 'default_value'],
  } as const;
  const present = (list: readonly string[]) => mode === 'create' || field(body, ...list) !== undefined;
  const raw = (list: readonly string[]) => text(field(body, ...list));
  const values = {
    name: raw(names.name)?.trim(),
    description: raw(names.description)?.trim(),
    recommendedRange: raw(names.recommendedRange)?.trim(),
    impact: raw(names.impact)?.trim().toLowerCase(),
    uniqueCode: raw(names.uniqueCode),
    defaultValue: raw(names.defaultValue),
  };
  validate([
    ['name', values.name, present(names.name) ? [required('Parameter name is required')] : []],
    ['description', values.description, present(names.description) ? [required('Description is required')] : []],
    ['recommendedRange', values.recommendedRange, present(names.recommendedRange) ? [required('Recommended range is required')] : []],
    [
      'impact',
      values.impact,
      present(names.impact)
        ? [required('Impact level is required'), oneOf(PARAMETER_IMPACTS, `Impact level must be one of: ${PARAMETER_IMPACTS.join(', ')}`)]
        : [],
    ],
    [
      'uniqueCode',
      values.uniqueCode,
      present(names.uniqueCode) ? [required('Unique code is required'), wholeRule('Unique code must be a whole number'), codeRange()] : [],
    ],
    ['defaultValue', values.defaultValue, [numberRule('Default value must be a valid number')]],
  ]);
  const fields: Partial<{ -readonly [key in keyof TemplateFields]: TemplateFields[key] }> = {};
  if (values.name !== undefined) fields.name = values.name;
  if (values.description !== undefined) fields.description = values.description;
  if (values.recommendedRange !== undefined) fields.recommendedRange = values.recommendedRange;
  if (values.impact !== undefined) fields.impact = values.impact as TemplateFields['impact'];
  if (values.uniqueCode !== undefined) fields.uniqueCode = Number(values.uniqueCode);
  if (values.defaultValue !== undefined && values.defaultValue.trim() !== '') fields.defaultValue = Number(values.defaultValue);
  else if (mode === 'create') fields.defaultValue = 0;
  const formula = field(body, 'normalizationFormula', 'normalisationFormula', 'normalization_formula');
  if (formula !== undefined)
    fields.normalizationFormula = formula === null || String(formula).trim() === '' ? null : String(formula).trim();
  else if (mode === 'create') fields.normalizationFormula = null;
  const defaults = mode === 'create';
  const isActive = flag(body, defaults ? true : undefined, 'isActive', 'is_active');
  const isRequired = flag(body, defaults ? true : undefined, 'isRequired', 'is_required');
  const isInstitutionSpecific = flag(body, defaults ? true : undefined, 'isInstitutionSpecific', 'is_institution_specific');
  if (isActive !== undefined) fields.isActive = isActive;
  if (isRequired !== undefined) fields.isRequired = isRequired;
  if (isInstitutionSpecific !== undefined) fields.isInstitutionSpecific = isInstitutionSpecific;
  return fields;
}
