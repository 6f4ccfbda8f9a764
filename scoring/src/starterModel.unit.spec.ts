import { compileModel } from './compileModel';
import { validateFormula } from './formula';
import { PARAMETER_CODES, resolveScoringParameters } from './scoringParameters';
import { starterModel } from './starterModel';

describe('The starter model', () => {
  const model = starterModel();

  it('should hold the five Cs of credit', () => {
    expect(model.categories.map((category) => category.name)).toEqual(['Character', 'Capacity', 'Capital', 'Collateral', 'Conditions']);
  });

  it('should give every category weights between 0 and 100 and two or three variables', () => {
    for (const category of model.categories) {
      const variables = model.variables.filter((variable) => variable.categoryId === category.id);
      expect(variables.length).toBeGreaterThanOrEqual(2);
      expect(variables.length).toBeLessThanOrEqual(3);
      expect(category.creditLimitWeight).toBeGreaterThanOrEqual(0);
      expect(category.creditLimitWeight).toBeLessThanOrEqual(100);
      expect(category.interestRateWeight).toBeGreaterThanOrEqual(0);
      expect(category.interestRateWeight).toBeLessThanOrEqual(100);
      expect(variables.reduce((total, variable) => total + variable.proportion, 0)).toBe(100);
    }
  });

  it('should give every variable a distinct id, name and unique code', () => {
    for (const key of ['id', 'name', 'uniqueCode'] as const) {
      expect(new Set(model.variables.map((variable) => variable[key])).size).toBe(model.variables.length);
    }
    expect(model.variables.every((variable) => Number.isInteger(variable.uniqueCode) && variable.minValue >= 0)).toBe(true);
  });

  it('should use all three response types and give categorical variables their mappings', () => {
    expect(new Set(model.variables.map((variable) => variable.responseType))).toEqual(new Set(['int_float', 'boolean', 'categorical']));
    for (const variable of model.variables.filter((candidate) => candidate.responseType === 'categorical')) {
      expect(variable.categoryMappings?.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('should only carry formulas that validate', () => {
    for (const variable of model.variables) {
      expect(validateFormula(variable.normalisationFormula, variable)).toEqual({ ok: true });
    }
  });

  it('should seed the six parameter templates with the documented defaults', () => {
    expect(model.parameterTemplates.map((template) => [template.uniqueCode, template.name, template.defaultValue])).toEqual([
      [1001, 'Minimum Credit Limit', 50_000],
      [1002, 'Maximum Credit Limit', 5_000_000],
      [1003, 'Minimum Interest Rate', 8],
      [1004, 'Maximum Interest Rate', 24],
      [1005, 'Minimum Score for Credit', 0.3],
      [1006, 'Usury Rate Cap (TEG)', 0],
    ]);
    expect(Object.values(PARAMETER_CODES)).toEqual(model.parameterTemplates.map((template) => template.uniqueCode));
    for (const template of model.parameterTemplates) {
      expect(template.recommendedRange).not.toBe('');
      expect(template.description).not.toBe('');
    }
    expect(resolveScoringParameters(model.parameterTemplates).maximumCreditLimit).toBe(5_000_000);
  });

  it('should be plain JSON and compile', () => {
    expect(JSON.parse(JSON.stringify(model))).toEqual(model);
    expect(compileModel({ version: 1, ...model }).variables).toHaveLength(model.variables.length);
  });

  it('should hand out a fresh copy each time', () => {
    expect(starterModel()).toEqual(model);
    expect(starterModel().variables).not.toBe(model.variables);
  });
});
