import type { ModelSnapshot, ParameterTemplate, Variable } from './modelSnapshot';

/*
 * The two-category model the unit tests work by hand:
 *   Finances (w_cl 60, w_ir 20): Income 0–1000 (75 %, default formula), Owns home (25 %, boolean, optional)
 *   Standing (w_cl 40, w_ir 80): Rating good 10 / fair 6 / poor 2 on 0–10 (100 %)
 *   Dormant  (w_cl 100, w_ir 100): only an inactive variable, so it takes no part.
 * Limits 100 000 – 1 100 000 XAF, rates 10 – 20 %, minimum score 0.30, no usury cap.
 */
export const income: Variable = {
  id: 1,
  name: 'Income',
  uniqueCode: 11,
  description: 'Monthly income',
  categoryId: 1,
  proportion: 75,
  minValue: 0,
  maxValue: 1000,
  responseType: 'int_float',
  normalisationFormula: null,
  isRequired: true,
  mask: false,
  isActive: true,
};

export const ownsHome: Variable = {
  id: 2,
  name: 'Owns home',
  uniqueCode: 12,
  description: 'Owns their home',
  categoryId: 1,
  proportion: 25,
  minValue: 0,
  maxValue: 1,
  responseType: 'boolean',
  isRequired: false,
  mask: false,
  isActive: true,
};

export const rating: Variable = {
  id: 3,
  name: 'Rating',
  uniqueCode: 21,
  description: 'Bureau rating',
  categoryId: 2,
  proportion: 100,
  minValue: 0,
  maxValue: 10,
  responseType: 'categorical',
  categoryMappings: [
    { categoryName: 'good', numericValue: 10 },
    { categoryName: 'fair', numericValue: 6 },
    { categoryName: 'poor', numericValue: 2 },
  ],
  isRequired: true,
  mask: false,
  isActive: true,
};

export const retired: Variable = {
  id: 4,
  name: 'Retired',
  uniqueCode: 31,
  description: 'No longer used',
  categoryId: 3,
  proportion: 100,
  minValue: 0,
  maxValue: 1,
  responseType: 'boolean',
  isRequired: true,
  mask: false,
  isActive: false,
};

export function parameterTemplates(overrides: Partial<Record<number, number>> = {}): ParameterTemplate[] {
  const defaults: Record<number, number> = { 1001: 100_000, 1002: 1_100_000, 1003: 10, 1004: 20, 1005: 0.3, 1006: 0 };
  return Object.entries({ ...defaults, ...overrides }).map(([code, defaultValue], index) => ({
    id: 100 + index,
    uniqueCode: Number(code),
    name: `Parameter ${code}`,
    defaultValue: defaultValue as number,
    isActive: true,
  }));
}

export function handWorkedModel(changes: { variables?: Variable[]; parameters?: Partial<Record<number, number>> } = {}): ModelSnapshot {
  return {
    version: 42,
    categories: [
      { id: 1, name: 'Finances', creditLimitWeight: 60, interestRateWeight: 20 },
      { id: 2, name: 'Standing', creditLimitWeight: 40, interestRateWeight: 80 },
      { id: 3, name: 'Dormant', creditLimitWeight: 100, interestRateWeight: 100 },
    ],
    variables: changes.variables ?? [income, ownsHome, rating, retired],
    parameterTemplates: parameterTemplates(changes.parameters),
  };
}
