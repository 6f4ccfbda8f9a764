import { leftBehindTotal, mappingsOf, otherShares, siblingsOf, valuesOf, variableBody } from './variableForm';
import type { Variable } from './variablesApi';

const variable = (id: number, categoryId: number, proportion: number, extra: Partial<Variable> = {}): Variable => ({
  id,
  name: `Variable ${id}`,
  description: 'What it measures',
  uniqueCode: 100 + id,
  variableCategoryId: categoryId,
  categoryName: `Category ${categoryId}`,
  variableProportion: proportion,
  min_value: 0,
  max_value: 10,
  responseType: 'int_float',
  normalisationFormula: null,
  categoryMappings: [],
  is_required: true,
  mask: false,
  isUsedInFormula: false,
  isActive: true,
  ...extra,
});

describe('the variable form', () => {
  it('starts a new variable with the defaults', () => {
    expect(valuesOf(null)).toEqual({
      name: '',
      uniqueCode: '',
      description: '',
      categoryId: '',
      responseType: 'int_float',
      minValue: '0',
      maxValue: '100',
      proportion: '0',
      formula: '',
      isRequired: true,
      mask: false,
      isUsedInFormula: false,
    });
  });

  it("fills an edited variable's values and mappings as text", () => {
    const edited = variable(3, 2, 40, {
      responseType: 'categorical',
      normalisationFormula: 'x/10',
      categoryMappings: [
        { categoryName: 'Yes', numericValue: 1 },
        { categoryName: 'No', numericValue: 0 },
      ],
    });
    expect(valuesOf(edited)).toMatchObject({
      uniqueCode: '103',
      categoryId: '2',
      responseType: 'categorical',
      proportion: '40',
      formula: 'x/10',
    });
    expect(mappingsOf(edited)).toEqual([
      { key: 1, categoryName: 'Yes', numericValue: '1' },
      { key: 2, categoryName: 'No', numericValue: '0' },
    ]);
  });

  it("finds the category's other active variables, with their shares as edited", () => {
    const all = [variable(1, 1, 50), variable(2, 1, 50), variable(3, 1, 0, { isActive: false }), variable(4, 2, 100)];
    const siblings = siblingsOf(all, 1, 1);
    expect(siblings.map((other) => other.id)).toEqual([2]);
    expect(otherShares(siblingsOf(all, 1, undefined), { 2: '25' })).toEqual([
      { id: 1, name: 'Variable 1', value: '50' },
      { id: 2, name: 'Variable 2', value: '25' },
    ]);
  });

  it('maps a numeric variable to its request: trimmed, numbers, a formula, no mappings', () => {
    const values = {
      ...valuesOf(null),
      name: '  Income ',
      description: ' Monthly ',
      uniqueCode: '7',
      categoryId: '2',
      proportion: '60',
      formula: ' x/2 ',
    };
    const mappings = [{ key: 1, categoryName: 'ignored', numericValue: '1' }];
    expect(variableBody(values, mappings, [{ id: 9, name: 'Other', value: '40,5' }])).toEqual({
      name: 'Income',
      description: 'Monthly',
      uniqueCode: 7,
      is_required: true,
      mask: false,
      isUsedInFormula: false,
      min_value: 0,
      max_value: 100,
      responseType: 'int_float',
      variableCategoryId: 2,
      variableProportion: 60,
      normalisationFormula: 'x/2',
      categoryMappings: [],
      redistributeProportions: [{ variableId: 9, proportion: 40.5 }],
    });
    expect(variableBody({ ...values, formula: '   ' }, [], []).normalisationFormula).toBeNull();
  });

  it('maps a categorical variable with its mappings and without a formula', () => {
    const values = { ...valuesOf(null), responseType: 'categorical', formula: 'x', categoryId: '1' };
    const body = variableBody(values, [{ key: 1, categoryName: ' Owner ', numericValue: '2' }], []);
    expect(body.normalisationFormula).toBeNull();
    expect(body.categoryMappings).toEqual([{ categoryName: 'Owner', numericValue: 2 }]);
    expect(body.redistributeProportions).toEqual([]);
  });

  it('tells what the category a variable left now totals, only when it is no longer 100', () => {
    const moved = variable(1, 1, 30);
    const all = [moved, variable(2, 1, 70), variable(3, 2, 100)];
    expect(leftBehindTotal(moved, all, 2)).toBe(70);
    expect(leftBehindTotal(moved, all, 1)).toBeNull();
    expect(leftBehindTotal(null, all, 2)).toBeNull();
    expect(leftBehindTotal(variable(3, 2, 100), all, 1)).toBeNull();
    expect(leftBehindTotal(moved, [moved, variable(2, 1, 100)], 2)).toBeNull();
  });
});
