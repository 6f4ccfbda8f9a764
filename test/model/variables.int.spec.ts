import { SCORING_MODEL_STREAM } from '@credit/events';
import { approvedInstitution, signInAsAdmin, type TestInstitution } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';
import { category, modelClient, numericVariable, type ModelClient } from './modelClient';

const TOTAL = 'Total proportion for all variables in this category must be exactly 100%';

describe('Variables', () => {
  let platform: TestPlatform;
  let api: ModelClient;
  let admin: string;
  let institution: TestInstitution;

  beforeAll(async () => {
    platform = await startTestPlatform();
    api = modelClient(platform);
    admin = await signInAsAdmin(platform);
    institution = await approvedInstitution(platform, admin);
  });
  afterAll(async () => platform.close());

  const newCategory = async (name: string) =>
    (await api.post(admin, '/variableCategory/create', category({ name }))).body.data.id as number;
  const proportionsOf = async (categoryId: number) => {
    const listed = await api.get(admin, '/variable/all');
    return Object.fromEntries(
      listed.body.data
        .filter((row: { variableCategoryId: number }) => row.variableCategoryId === categoryId)
        .map((row: { id: number; variableProportion: number }) => [row.id, row.variableProportion]),
    );
  };

  describe('When the form is invalid', () => {
    let categoryId: number;
    beforeAll(async () => {
      categoryId = await newCategory('Validation');
    });

    it.each([
      [{ min_value: undefined }, 'Minimum value is required'],
      [{ min_value: '' }, 'Minimum value is required'],
      [{ min_value: -1 }, 'Minimum value must be a valid number greater than or equal to 0'],
      [{ min_value: 'low' }, 'Minimum value must be a valid number greater than or equal to 0'],
      [{ max_value: 0, min_value: 0 }, 'Maximum value must be greater than minimum value'],
      [{ max_value: 5, min_value: 10 }, 'Maximum value must be greater than minimum value'],
      [{ name: ' ' }, 'Name is required'],
      [{ uniqueCode: undefined }, 'Unique code is required'],
      [{ uniqueCode: 'abc' }, 'Unique code must be a whole number'],
      [{ description: '' }, 'Description is required'],
      [{ variableCategoryId: undefined }, 'Category is required'],
      [{ responseType: 'text' }, 'Response type must be int_float, boolean or categorical'],
      [{ variableProportion: 120 }, 'Variable proportion must be a number between 0 and 100'],
      [{ variableProportion: undefined }, 'Variable proportion is required'],
    ])('should refuse %j with its message', async (overrides, message) => {
      const response = await api.post(admin, '/variable/create', numericVariable(categoryId, overrides));
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, message });
    });

    it('should refuse a category that does not exist', async () => {
      const response = await api.post(admin, '/variable/create', numericVariable(9999));
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('The selected category does not exist');
    });

    it('should refuse a unique code already in use with 409', async () => {
      const response = await api.post(admin, '/variable/create', numericVariable(categoryId, { uniqueCode: 101 }));
      expect(response.status).toBe(409);
      expect(response.body.message).toBe('A variable with unique code 101 already exists');
    });

    it.each([
      ['value +', /^Invalid normalization formula: Syntax error/],
      ['value * salary', /^Invalid normalization formula: .*salary/],
      ['1 / (value - min_value)', /^Invalid normalization formula: At the minimum \(0\).*not a finite number/],
    ])('should refuse the formula %s at save time with 422 and the reason', async (formula, message) => {
      const response = await api.post(admin, '/variable/create', numericVariable(categoryId, { normalisationFormula: formula }));
      expect(response.status).toBe(422);
      expect(response.body.success).toBe(false);
      expect(response.body.message).toMatch(message);
      expect(response.body.data.reason).toEqual(expect.any(String));
    });

    it('should refuse a categorical variable without mappings', async () => {
      const response = await api.post(admin, '/variable/create', numericVariable(categoryId, { responseType: 'categorical' }));
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('A categorical variable needs at least one category mapping');
    });
  });

  describe('When a category already holds variables', () => {
    let categoryId: number;
    let first: number;
    let second: number;

    beforeAll(async () => {
      categoryId = await newCategory('Proportions');
      const a = await api.post(admin, '/variable/create', numericVariable(categoryId, { variableProportion: 40 }));
      expect(a.status).toBe(201);
      expect(a.body.message).toBe('Variable created successfully');
      first = a.body.data.id;
      const b = await api.post(admin, '/variable/create', numericVariable(categoryId, { variableProportion: 60 }));
      expect(b.status).toBe(201);
      second = b.body.data.id;
    });

    it('should refuse a new variable that breaks the 100% total', async () => {
      const response = await api.post(admin, '/variable/create', numericVariable(categoryId, { variableProportion: 10 }));
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(TOTAL);
      expect(response.body.data).toEqual({ total: 110 });
    });

    it('should change nothing when the redistribution does not total 100', async () => {
      const before = await platform.store.readStream(SCORING_MODEL_STREAM);
      const response = await api.post(admin, '/variable/create', {
        ...numericVariable(categoryId, { variableProportion: 10 }),
        redistributeProportions: [{ variableId: first, proportion: 40 }],
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(TOTAL);
      expect(await platform.store.readStream(SCORING_MODEL_STREAM)).toHaveLength(before.length);
      expect(await proportionsOf(categoryId)).toEqual({ [first]: 40, [second]: 60 });
    });

    it('should add the variable and redistribute in one atomic append', async () => {
      const response = await api.post(admin, '/variable/create', {
        ...numericVariable(categoryId, { variableProportion: 10.5 }),
        redistributeProportions: [
          { variableId: first, proportion: 30.25 },
          { variableId: second, proportion: 59.25 },
        ],
      });
      expect(response.status).toBe(201);
      const third = response.body.data.id;
      const events = await platform.store.readStream(SCORING_MODEL_STREAM);
      const [defined, redistributed] = events.slice(-2);
      expect([defined.type, redistributed.type]).toEqual(['VariableDefined', 'VariableProportionsRedistributed']);
      expect(redistributed.position).toBe(response.body.position);
      expect(defined.metadata.correlationId).toBe(redistributed.metadata.correlationId);
      expect(await proportionsOf(categoryId)).toEqual({ [first]: 30.25, [second]: 59.25, [third]: 10.5 });
    });

    it('should accept a total within 0.01 of 100 and refuse one further off', async () => {
      const ids = Object.keys(await proportionsOf(categoryId)).map(Number);
      const off = await api.put(admin, `/variable/update/${ids[2]}`, {
        variableProportion: 10.48,
        redistributeProportions: [{ variableId: ids[0], proportion: 30.25 }],
      });
      expect(off.status).toBe(400);
      expect(off.body.message).toBe(TOTAL);
      const close = await api.put(admin, `/variable/update/${ids[2]}`, { variableProportion: 10.49 });
      expect(close.status).toBe(200);
      expect(close.body.message).toBe('Variable updated successfully');
      expect(close.body.data).toMatchObject({ id: ids[2], variableProportion: 10.49, minValue: 0, min_value: 0 });
    });

    it('should refuse a redistribution naming a variable of another category', async () => {
      const response = await api.put(admin, `/variable/update/${first}`, {
        variableProportion: 30.25,
        redistributeProportions: [{ variableId: 1, proportion: 10 }],
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Variable 1 in redistributeProportions is not another variable of this category');
    });

    it('should delete a variable and warn that the category no longer totals 100', async () => {
      const response = await api.delete(admin, `/variable/delete/${first}`);
      expect(response.status).toBe(200);
      expect(response.body.message).toBe('Variable deleted successfully');
      expect(response.body.data.warnings).toEqual([
        'The variables of category "Proportions" now total 69.74%; adjust their proportions to 100%',
      ]);
      expect(Object.keys(await proportionsOf(categoryId)).map(Number)).not.toContain(first);
      expect((await api.get(admin, `/variable/${first}`)).status).toBe(404);
    });
  });

  describe('When the formula screen sends camelCase fields', () => {
    it('should create the variable and show it in /variable/list with its category name', async () => {
      const categoryId = await newCategory('Formula screen');
      const response = await api.post(admin, '/variable/create', {
        name: 'Arrears days',
        description: 'Days in arrears',
        uniqueCode: 7001,
        isRequired: false,
        mask: true,
        isUsedInFormula: true,
        minValue: 0,
        maxValue: 90,
        responseType: 'int_float',
        normalizationFormula: '1 - value / max_value',
        variableCategoryId: categoryId,
        variableProportion: 100,
      });
      expect(response.status).toBe(201);
      const listed = await api.get(admin, '/variable/list');
      expect(listed.body.data).toContainEqual(
        expect.objectContaining({
          id: response.body.data.id,
          categoryName: 'Formula screen',
          isRequired: false,
          is_required: false,
          mask: true,
          isUsedInFormula: true,
          minValue: 0,
          maxValue: 90,
          normalizationFormula: '1 - value / max_value',
          normalisationFormula: '1 - value / max_value',
        }),
      );
    });
  });

  describe('When reading variables with their associations', () => {
    it('should return the category and mappings only when includeAssociations=true', async () => {
      const categoryId = await newCategory('Categorical');
      const created = await api.post(admin, '/variable/create', {
        ...numericVariable(categoryId, { responseType: 'categorical', min_value: 0, max_value: 10 }),
        categoryMappings: [
          { categoryName: 'Salaried', numericValue: 10 },
          { categoryName: 'Trader', numericValue: 6 },
        ],
      });
      expect(created.status).toBe(201);
      const id = created.body.data.id;
      const plain = await api.get(admin, `/variable/${id}`);
      expect(plain.body.data).not.toHaveProperty('category');
      const associated = await api.get(admin, `/variable/${id}?includeAssociations=true`);
      expect(associated.status).toBe(200);
      expect(associated.body.data).toMatchObject({
        id,
        responseType: 'categorical',
        category: { id: categoryId, name: 'Categorical' },
        categoryMappings: [
          { categoryName: 'Salaried', numericValue: 10 },
          { categoryName: 'Trader', numericValue: 6 },
        ],
      });
      const all = await api.get(admin, '/variable/all?includeAssociations=true');
      expect(all.body.data).toContainEqual(expect.objectContaining({ id, category: expect.objectContaining({ id: categoryId }) }));
      expect((await api.get(admin, '/variable/all')).body.data[0]).not.toHaveProperty('categoryMappings');
    });
  });

  describe('When checking formulas without saving', () => {
    it('should validate a formula against a saved variable’s range', async () => {
      const valid = await api.post(admin, '/variable/validate-normalization-formula', {
        formula: 'value / max_value',
        responseType: 'int_float',
        variableId: 2,
      });
      expect(valid.status).toBe(200);
      expect(valid.body).toMatchObject({ success: true, message: 'Formula is valid', data: { valid: true, minValue: 0, maxValue: 10 } });
      expect(valid.body.data.samples).toEqual([
        { value: 0, result: 0 },
        { value: 5, result: 0.5 },
        { value: 10, result: 1 },
      ]);
      const invalid = await api.post(admin, '/variable/validate-normalization-formula', { formula: 'value ** ', variableId: 2 });
      expect(invalid.status).toBe(422);
      expect(invalid.body).toMatchObject({ success: false, data: { valid: false, reason: expect.any(String) } });
      expect(invalid.body.message).toMatch(/^Invalid normalization formula: /);
    });

    it('should not call an empty or blank formula valid', async () => {
      for (const formula of ['', '   ', null]) {
        const blank = await api.post(admin, '/variable/validate-normalization-formula', {
          formula,
          responseType: 'int_float',
          variableId: 2,
        });
        expect(blank).toMatchObject({ status: 400, body: { success: false, message: 'Normalization formula is required' } });
      }
    });

    it('should test a variable’s normalisation for one value', async () => {
      const cases: [number, unknown, number][] = [
        [2, 5, 0.5],
        [5, '25', 0.75],
        [1, 'Fair', 0.5],
        [8, 'oui', 1],
      ];
      for (const [variableId, testValue, normalizedValue] of cases) {
        const response = await api.post(admin, '/variable/test-variable-normalization', { variableId, testValue });
        expect(response.status).toBe(200);
        expect(response.body.data).toMatchObject({ variableId, normalizedValue });
      }
      const unreadable = await api.post(admin, '/variable/test-variable-normalization', { variableId: 1, testValue: 'excellent' });
      expect(unreadable.status).toBe(422);
      expect(unreadable.body.message).toBe('The test value cannot be normalised: "excellent" is not one of: good, fair, poor');
      expect((await api.post(admin, '/variable/test-variable-normalization', { variableId: 9999, testValue: 1 })).status).toBe(404);
    });
  });

  describe('When an institution tries to change variables', () => {
    it('should get 403 on every change path and on the formula checks, but may read', async () => {
      const token = institution.token;
      const attempts = await Promise.all([
        api.post(token, '/variable/create', numericVariable(1)),
        api.put(token, '/variable/update/1', { name: 'Hacked' }),
        api.delete(token, '/variable/delete/1'),
        api.post(token, '/variable/validate-normalization-formula', { formula: 'value', variableId: 2 }),
        api.post(token, '/variable/test-variable-normalization', { variableId: 2, testValue: 1 }),
      ]);
      for (const response of attempts) expect(response.status).toBe(403);
      expect((await api.get(token, '/variable/all')).status).toBe(200);
      expect((await api.get(admin, '/variable/1')).body.data.name).toBe('Repayment history');
    });
  });
});
