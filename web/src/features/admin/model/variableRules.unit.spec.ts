import { validateAll } from '../../../shared/validation';
import { hasMappingErrors, mappingErrors, variableRules, type VariableFormValues } from './variableRules';

const form = (changes: Partial<VariableFormValues> = {}): VariableFormValues => ({
  name: 'Monthly income',
  uniqueCode: '201',
  description: 'Net monthly income in XAF',
  categoryId: '2',
  responseType: 'int_float',
  minValue: '0',
  maxValue: '100',
  proportion: '50',
  formula: '',
  isRequired: true,
  mask: false,
  isUsedInFormula: false,
  ...changes,
});

describe('The variable form rules', () => {
  it('should accept a complete form', () => {
    expect(validateAll(variableRules, form())).toEqual({});
  });

  it("should keep each field's first failing rule, in the server's words", () => {
    expect(validateAll(variableRules, form({ minValue: '-1', maxValue: '', proportion: '100.5', uniqueCode: '2.5' }))).toEqual({
      minValue: 'admin.variables.rules.minInvalid',
      maxValue: 'admin.variables.rules.maxRequired',
      proportion: 'admin.variables.rules.proportionRange',
      uniqueCode: 'admin.variables.rules.codeWhole',
    });
    expect(validateAll(variableRules, form({ minValue: '10', maxValue: '10' })).maxValue).toBe('admin.variables.rules.maxAboveMin');
  });
});

describe('A categorical variable mappings', () => {
  const row = (key: number, categoryName: string, numericValue: string) => ({ key, categoryName, numericValue });

  it('should need at least one mapping', () => {
    expect(mappingErrors([])).toEqual({ list: 'admin.variables.rules.mappingsRequired', rows: {} });
  });

  it('should need a name and a number on each row, each name once whatever its case', () => {
    const errors = mappingErrors([row(1, 'good', '100'), row(2, ' Good ', '50'), row(3, '', 'x')]);
    expect(errors.rows).toEqual({
      2: { name: 'admin.variables.rules.mappingUnique' },
      3: { name: 'admin.variables.rules.mappingName', value: 'admin.variables.rules.mappingValue' },
    });
    expect(hasMappingErrors(errors)).toBe(true);
    expect(hasMappingErrors(mappingErrors([row(1, 'good', '100'), row(2, 'poor', '0')]))).toBe(false);
  });
});
