import { resolveColumns } from './columns';
import { compileModel } from './compileModel';
import { handWorkedModel, income, ownsHome, rating } from './handWorkedModel.testFixture';
import type { ModelSnapshot } from './modelSnapshot';
import { scoreRecord, scoreRow } from './scoreRecord';
import type { ScoredRecord, ScoreResult } from './scoreRecord';

function scored(result: ScoreResult): ScoredRecord {
  if (result.status !== 'scored') throw new Error(`rejected: ${JSON.stringify(result.errors)}`);
  return result;
}

function score(record: Record<string, string>, snapshot: ModelSnapshot = handWorkedModel()): ScoredRecord {
  return scored(scoreRecord(compileModel(snapshot), record));
}

describe('Scoring a record', () => {
  describe('When every cell is readable (the hand-worked example)', () => {
    // S_Finances = 0.75·0.4 + 0.25·1 = 0.55; S_Standing = 0.6
    // W_cl = (60·0.55 + 40·0.6) / 100 = 0.57; W_ir = (20·0.55 + 80·0.6) / 100 = 0.59
    const result = score({ Income: '400', 'Owns home': 'yes', Rating: 'fair' });

    it('should weight the category scores by credit limit weight', () => {
      expect(result.sumNormalisedCreditLimitWeights).toBeCloseTo(0.57, 12);
    });

    it('should weight the category scores by interest rate weight', () => {
      expect(result.sumNormalisedInterestRateWeights).toBeCloseTo(0.59, 12);
    });

    it('should give min + W_cl·(max − min) as the credit limit, in whole francs', () => {
      expect(result.creditLimit).toBe(670_000);
    });

    it('should give max − W_ir·(max − min) as the interest rate', () => {
      expect(result.interestRate).toBe(14.1);
    });

    it('should record the model version', () => {
      expect(result.modelVersion).toBe(42);
    });

    it('should leave out a category holding no active variable', () => {
      const withoutDormant = handWorkedModel();
      const result2 = score(
        { Income: '400', 'Owns home': 'yes', Rating: 'fair' },
        { ...withoutDormant, categories: withoutDormant.categories.filter((category) => category.id !== 3) },
      );
      expect(result2).toEqual(result);
    });
  });

  describe('When W_cl is below the minimum score', () => {
    // S_Finances = 0, S_Standing = 0.2: W_cl = 0.08 < 0.30; W_ir = 0.16
    const record = { Income: '0', 'Owns home': 'no', Rating: 'poor' };

    it('should give a credit limit of 0 but still a rate', () => {
      const result = score(record);
      expect(result.creditLimit).toBe(0);
      expect(result.interestRate).toBe(18.4);
    });

    it('should grant the minimum limit exactly at the minimum score', () => {
      const result = score({ Income: '400', 'Owns home': 'no', Rating: 'poor' }, handWorkedModel({ parameters: { 1005: 0.26 } }));
      // W_cl = (60·0.3 + 40·0.2) / 100 = 0.26
      expect(result.sumNormalisedCreditLimitWeights).toBeCloseTo(0.26, 12);
      expect(result.creditLimit).toBe(360_000);
    });
  });

  describe('When a usury cap is set', () => {
    it('should cap a rate above it', () => {
      expect(score({ Income: '0', 'Owns home': 'no', Rating: 'poor' }, handWorkedModel({ parameters: { 1006: 15 } })).interestRate).toBe(
        15,
      );
    });

    it('should leave a rate below it alone', () => {
      expect(score({ Income: '400', 'Owns home': 'yes', Rating: 'fair' }, handWorkedModel({ parameters: { 1006: 15 } })).interestRate).toBe(
        14.1,
      );
    });

    it('should treat 0 as no cap', () => {
      expect(score({ Income: '0', 'Owns home': 'no', Rating: 'poor' }, handWorkedModel({ parameters: { 1006: 0 } })).interestRate).toBe(
        18.4,
      );
    });
  });

  describe('When the result falls on a half', () => {
    const single = handWorkedModel({
      variables: [{ ...income, proportion: 100 }],
      parameters: { 1001: 0, 1002: 1001, 1003: 10, 1004: 10.01, 1005: 0 },
    });

    it('should round the limit half away from zero', () => {
      // 0.5 · 1001 = 500.5
      expect(score({ Income: '500' }, single).creditLimit).toBe(501);
    });

    it('should round the rate half away from zero despite float error', () => {
      // 10.01 − 0.5 · 0.01 = 10.005, stored as 10.004999…
      expect(score({ Income: '500' }, single).interestRate).toBe(10.01);
    });
  });

  describe('When an optional cell is missing or unreadable', () => {
    it('should count it as 0', () => {
      // S_Finances = 0.75·0.4 = 0.3; W_cl = (18 + 24) / 100 = 0.42
      const blank = score({ Income: '400', 'Owns home': '', Rating: 'fair' });
      const absent = score({ Income: '400', Rating: 'fair' });
      const unreadable = score({ Income: '400', 'Owns home': 'perhaps', Rating: 'fair' });
      expect(blank.sumNormalisedCreditLimitWeights).toBeCloseTo(0.42, 12);
      expect(absent).toEqual(blank);
      expect(unreadable).toEqual(blank);
      expect(blank.creditLimit).toBe(520_000);
    });
  });

  describe('When required cells are missing or unreadable', () => {
    it('should reject the record, listing every failing column', () => {
      const result = scoreRecord(compileModel(handWorkedModel()), { income: '  ', 'Owns home': 'yes', Rating: 'excellent' });
      expect(result).toEqual({
        status: 'rejected',
        modelVersion: 42,
        errors: [
          { column: 'income', variable: 'Income', problem: 'missing', reason: 'missing' },
          { column: 'Rating', variable: 'Rating', problem: 'unreadable', reason: '"excellent" is not one of: good, fair, poor' },
        ],
      });
    });

    it('should name the variable when its column is absent', () => {
      const result = scoreRecord(compileModel(handWorkedModel()), { Rating: 'good' });
      expect(result).toEqual({
        status: 'rejected',
        modelVersion: 42,
        errors: [{ column: 'Income', variable: 'Income', problem: 'missing', reason: 'missing' }],
      });
    });

    it('should not echo a masked value', () => {
      const masked = handWorkedModel({ variables: [{ ...income, mask: true }, rating] });
      const result = scoreRecord(compileModel(masked), { Income: 'secret', Rating: 'good' });
      expect(result).toEqual({
        status: 'rejected',
        modelVersion: 42,
        errors: [{ column: 'Income', variable: 'Income', problem: 'unreadable', reason: 'the value is not a number' }],
      });
    });
  });

  describe('When headers differ from the variable names', () => {
    const expected = score({ Income: '400', 'Owns home': 'yes', Rating: 'fair' });

    it('should match them case-insensitively after trimming', () => {
      expect(score({ '  INCOME ': '400', 'owns HOME': 'yes', rating: 'fair' })).toEqual(expected);
    });

    it('should accept the unique code as a header', () => {
      expect(score({ '11': '400', ' 12 ': 'yes', '21': 'fair' })).toEqual(expected);
    });

    it('should prefer the name over the code', () => {
      expect(score({ '11': '900', Income: '400', 'Owns home': 'yes', Rating: 'fair' })).toEqual(expected);
    });

    it('should ignore identity and unknown columns', () => {
      expect(score({ name: 'Amina', reference_number: 'R1', Income: '400', 'Owns home': 'yes', Rating: 'fair', notes: 'x' })).toEqual(
        expected,
      );
    });
  });

  describe('When the record comes as a row', () => {
    it('should score it as the same record', () => {
      const compiled = compileModel(handWorkedModel());
      const columns = resolveColumns(compiled, ['name', ' rating', '11', 'Owns Home']);
      expect(columns.missingVariables).toEqual([]);
      expect(scoreRow(compiled, columns, ['Amina', 'fair', '400', 'yes'])).toEqual(
        scoreRecord(compiled, { Income: '400', 'Owns home': 'yes', Rating: 'fair' }),
      );
    });

    it('should report the header of a failing column', () => {
      const compiled = compileModel(handWorkedModel());
      const columns = resolveColumns(compiled, ['RATING', 'INCOME']);
      expect(scoreRow(compiled, columns, ['great', ''])).toEqual({
        status: 'rejected',
        modelVersion: 42,
        errors: [
          { column: 'INCOME', variable: 'Income', problem: 'missing', reason: 'missing' },
          { column: 'RATING', variable: 'Rating', problem: 'unreadable', reason: '"great" is not one of: good, fair, poor' },
        ],
      });
    });

    it('should list the variables no header selects', () => {
      const compiled = compileModel(handWorkedModel());
      expect(resolveColumns(compiled, ['Income']).missingVariables).toEqual(['Owns home', 'Rating']);
    });

    it('should refuse a column map made for another model', () => {
      const columns = resolveColumns(compileModel(handWorkedModel()), ['Income']);
      expect(() => scoreRow(compileModel(handWorkedModel()), columns, ['1'])).toThrow(/another compiled model/);
    });
  });

  describe('When the snapshot lists things in another order', () => {
    it('should give the same result bit for bit', () => {
      const snapshot = handWorkedModel();
      const shuffled = { ...snapshot, categories: [...snapshot.categories].reverse(), variables: [...snapshot.variables].reverse() };
      const record = { Income: '123,45', 'Owns home': 'oui', Rating: 'good' };
      expect(score(record, shuffled)).toEqual(score(record, snapshot));
    });
  });

  describe('When no category carries any weight', () => {
    it('should count both weighted sums as 0', () => {
      const snapshot = handWorkedModel();
      const weightless = {
        ...snapshot,
        categories: snapshot.categories.map((category) => ({ ...category, creditLimitWeight: 0, interestRateWeight: 0 })),
      };
      const result = score(
        { Income: '1000', 'Owns home': 'yes', Rating: 'good' },
        { ...weightless, parameterTemplates: handWorkedModel({ parameters: { 1005: 0 } }).parameterTemplates },
      );
      expect(result.sumNormalisedCreditLimitWeights).toBe(0);
      expect(result.sumNormalisedInterestRateWeights).toBe(0);
      expect(result.creditLimit).toBe(100_000);
      expect(result.interestRate).toBe(20);
    });
  });

  describe('When the model has an invalid formula', () => {
    it('should refuse to compile it, naming the variable', () => {
      expect(() =>
        compileModel(handWorkedModel({ variables: [{ ...income, normalisationFormula: 'value +' }, ownsHome, rating] })),
      ).toThrow(/Income: Syntax error/);
    });
  });
});
