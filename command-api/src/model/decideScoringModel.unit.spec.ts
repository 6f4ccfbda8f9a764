import {
  ConflictError,
  NotFoundError,
  UnprocessableError,
  ValidationError,
  evolveScoringModel,
  initialScoringModel,
  type ModelEvent,
  type ScoringModel,
} from '@credit/events';
import { starterModel } from '@credit/scoring';
import { decideScoringModel, TOTAL_PROPORTION_MESSAGE, type ModelCommand, type VariableFields } from './decideScoringModel';

const given = (...commands: ModelCommand[]): ScoringModel =>
  commands.reduce((model, command) => decideScoringModel(command, model).reduce(evolveScoringModel, model), initialScoringModel());

const seeded = () => given({ type: 'SeedStarterModel', model: starterModel() });

const variable = (overrides: Partial<VariableFields> = {}): VariableFields => ({
  name: 'Turnover',
  description: 'Monthly turnover',
  uniqueCode: 900,
  categoryId: 1,
  proportion: 10,
  minValue: 0,
  maxValue: 100,
  responseType: 'int_float',
  normalisationFormula: null,
  categoryMappings: [],
  isRequired: true,
  mask: false,
  isUsedInFormula: false,
  isActive: true,
  ...overrides,
});

const types = (events: ModelEvent[]) => events.map((event) => event.type);

describe('The scoring-model decider', () => {
  describe('When the log holds no model', () => {
    it('should seed the starter model once', () => {
      const events = decideScoringModel({ type: 'SeedStarterModel', model: starterModel() }, initialScoringModel());
      expect(events).toHaveLength(24);
      expect(decideScoringModel({ type: 'SeedStarterModel', model: starterModel() }, seeded())).toEqual([]);
    });
  });

  describe('When a variable joins a category that holds others', () => {
    it('should refuse a total other than 100', () => {
      expect(() => decideScoringModel({ type: 'DefineVariable', fields: variable(), redistribute: [] }, seeded())).toThrow(
        new ValidationError(TOTAL_PROPORTION_MESSAGE),
      );
    });

    it('should define it and redistribute in the same decision', () => {
      const events = decideScoringModel(
        {
          type: 'DefineVariable',
          fields: variable(),
          redistribute: [
            { variableId: 1, proportion: 45 },
            { variableId: 2, proportion: 25 },
          ],
        },
        seeded(),
      );
      expect(types(events)).toEqual(['VariableDefined', 'VariableProportionsRedistributed']);
      expect(events[0].data).toMatchObject({ variableId: 14 });
      expect(events[1].data).toEqual({
        categoryId: 1,
        proportions: [
          { variableId: 1, proportion: 45 },
          { variableId: 2, proportion: 25 },
        ],
      });
    });

    it('should not count an inactive variable toward the total', () => {
      const events = decideScoringModel(
        { type: 'DefineVariable', fields: variable({ isActive: false, proportion: 80 }), redistribute: [] },
        seeded(),
      );
      expect(types(events)).toEqual(['VariableDefined']);
    });
  });

  describe('When codes or names clash', () => {
    it('should refuse a unique code or a name already used', () => {
      const model = seeded();
      const add = (fields: VariableFields) => () => decideScoringModel({ type: 'DefineVariable', fields, redistribute: [] }, model);
      expect(add(variable({ uniqueCode: 101, categoryId: 1 }))).toThrow(ConflictError);
      expect(add(variable({ name: 'monthly INCOME' }))).toThrow(new ConflictError('A variable named "Monthly income" already exists'));
      expect(add(variable({ name: 'Email' }))).toThrow(ValidationError);
    });
  });

  describe('When a formula cannot be evaluated', () => {
    it('should refuse it as unprocessable with the reason', () => {
      const model = given({ type: 'CreateCategory', fields: { name: 'C', description: 'd', creditLimitWeight: 1, interestRateWeight: 1 } });
      expect(() =>
        decideScoringModel(
          { type: 'DefineVariable', fields: variable({ normalisationFormula: 'log(value)', minValue: 0 }), redistribute: [] },
          model,
        ),
      ).toThrow(UnprocessableError);
    });
  });

  describe('When ids are handed out', () => {
    it('should never reuse the id of a deleted category', () => {
      const fields = { name: 'C', description: 'd', creditLimitWeight: 1, interestRateWeight: 1 };
      const model = given({ type: 'CreateCategory', fields }, { type: 'DeleteCategory', categoryId: 1 });
      expect(decideScoringModel({ type: 'CreateCategory', fields }, model)[0].data).toMatchObject({ categoryId: 2 });
    });
  });

  describe('When a parameter template changes', () => {
    it('should keep its unique code and answer nothing for an unchanged template', () => {
      const model = seeded();
      expect(() => decideScoringModel({ type: 'UpdateParameterTemplate', parameterId: 1, changes: { uniqueCode: 1999 } }, model)).toThrow(
        ValidationError,
      );
      expect(decideScoringModel({ type: 'UpdateParameterTemplate', parameterId: 1, changes: { uniqueCode: 1001 } }, model)).toEqual([]);
      expect(() => decideScoringModel({ type: 'DeleteParameterTemplate', parameterId: 99 }, model)).toThrow(NotFoundError);
    });
  });
});
