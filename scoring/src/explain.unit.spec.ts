import { resolveColumns } from './columns';
import { compileModel } from './compileModel';
import { explain, explainRow, MASKED_CELL } from './explain';
import { handWorkedModel, income, ownsHome, rating } from './handWorkedModel.testFixture';
import { scoreRecord } from './scoreRecord';
import { starterModel } from './starterModel';

describe('Explaining a score', () => {
  describe('When the record is scored (the hand-worked example)', () => {
    const compiled = compileModel(handWorkedModel());
    const record = { Income: '400', 'Owns home': 'yes', Rating: 'fair' };
    const explanation = explain(compiled, record);

    it('should carry the same result as scoring', () => {
      expect(explanation.result).toEqual(scoreRecord(compiled, record));
    });

    it('should give each category its score, weights and share of both sums', () => {
      const [finances, standing] = explanation.categories;
      expect(explanation.categories).toHaveLength(2);
      expect(finances).toMatchObject({ categoryId: 1, name: 'Finances', creditLimitWeight: 60, interestRateWeight: 20 });
      expect(finances.score).toBeCloseTo(0.55, 12);
      expect(finances.creditLimitContribution).toBeCloseTo(0.33, 12);
      expect(finances.interestRateContribution).toBeCloseTo(0.11, 12);
      expect(finances.creditLimitShare).toBeCloseTo(0.33 / 0.57, 12);
      expect(standing.score).toBeCloseTo(0.6, 12);
      expect(standing.creditLimitShare).toBeCloseTo(0.24 / 0.57, 12);
      expect(standing.interestRateShare).toBeCloseTo(0.48 / 0.59, 12);
    });

    it('should give each variable its raw cell, n, proportion and contribution', () => {
      expect(explanation.categories[0].variables).toEqual([
        {
          variableId: 1,
          name: 'Income',
          uniqueCode: 11,
          responseType: 'int_float',
          column: 'Income',
          rawValue: '400',
          n: 0.4,
          proportion: 75,
          contribution: 0.75 * 0.4,
          missing: false,
          status: 'ok',
        },
        {
          variableId: 2,
          name: 'Owns home',
          uniqueCode: 12,
          responseType: 'boolean',
          column: 'Owns home',
          rawValue: 'yes',
          n: 1,
          proportion: 25,
          contribution: 0.25,
          missing: false,
          status: 'ok',
        },
      ]);
    });

    it('should rank reasons by (1 − n)·proportion·w_cl/Σw_cl and skip costless ones', () => {
      // Income (1 − 0.4)·0.75·0.6 = 0.27; Rating (1 − 0.6)·1·0.4 = 0.16; Owns home costs nothing.
      expect(explanation.reasons).toEqual([
        {
          variableId: 1,
          uniqueCode: 11,
          variableName: 'Income',
          kind: 'low_value',
          cost: expect.closeTo(0.27, 12),
          message: 'Income is low relative to the maximum considered',
          reasonCode: 'low_relative_to_maximum',
          reasonParams: { name: 'Income' },
        },
        {
          variableId: 3,
          uniqueCode: 21,
          variableName: 'Rating',
          kind: 'rated_low',
          cost: expect.closeTo(0.16, 12),
          message: 'Rating is rated fair, below the best rating',
          reasonCode: 'rated_as_below_best',
          reasonParams: { name: 'Rating', rating: 'fair' },
        },
      ]);
    });
  });

  describe('When a variable is masked', () => {
    const masked = handWorkedModel({ variables: [{ ...income, mask: true }, ownsHome, { ...rating, mask: true }] });
    const explanation = explain(compileModel(masked), { Income: '400', 'Owns home': 'yes', Rating: 'poor' });

    it('should show its raw cell as ••••', () => {
      expect(explanation.categories[0].variables[0].rawValue).toBe(MASKED_CELL);
      expect(explanation.categories[1].variables[0].rawValue).toBe('••••');
      expect(explanation.categories[0].variables[0].n).toBe(0.4);
    });

    it('should not spell out a masked rating in its reason', () => {
      expect(explanation.reasons.map((reason) => reason.message)).toContain('Rating is rated below the best rating');
      expect(explanation.reasons).toContainEqual(
        expect.objectContaining({ reasonCode: 'rated_below_best', reasonParams: { name: 'Rating' } }),
      );
    });
  });

  describe('When an optional cell is blank or unreadable', () => {
    it('should mark it missing and say it was not provided', () => {
      const explanation = explain(compileModel(handWorkedModel()), { Income: '1000', 'Owns home': '', Rating: 'good' });
      expect(explanation.categories[0].variables[1]).toMatchObject({
        rawValue: null,
        n: 0,
        missing: true,
        status: 'missing',
        contribution: 0,
      });
      expect(explanation.reasons).toEqual([expect.objectContaining({ kind: 'missing', message: 'Owns home was not provided' })]);
    });

    it('should say an unreadable one could not be read', () => {
      const explanation = explain(compileModel(handWorkedModel()), { Income: '1000', 'Owns home': 'perhaps', Rating: 'good' });
      expect(explanation.categories[0].variables[1]).toMatchObject({ rawValue: 'perhaps', missing: true, status: 'unreadable' });
      expect(explanation.reasons[0].message).toBe('Owns home could not be read');
    });
  });

  describe('When answers are no or more is worse', () => {
    it('should phrase the reason for the response type', () => {
      const debt = { ...income, name: 'Debt ratio', normalisationFormula: '1 - value / max_value' };
      const explanation = explain(compileModel(handWorkedModel({ variables: [debt, ownsHome, rating] })), {
        'Debt ratio': '900',
        'Owns home': 'no',
        Rating: 'good',
      });
      expect(explanation.reasons.map((reason) => reason.message)).toEqual([
        'Debt ratio is high relative to the range considered',
        'Owns home is no',
      ]);
      expect(explanation.reasons.map((reason) => reason.kind)).toEqual(['high_value', 'answered_no']);
    });
  });

  describe('When many variables cost the client', () => {
    it('should give the four costliest, ties by variable id', () => {
      const model = starterModel();
      const worst = Object.fromEntries(model.variables.map((variable) => [variable.name, variable.responseType === 'boolean' ? 'no' : '']));
      const compiled = compileModel({ version: 1, ...model });
      const record = {
        ...worst,
        'Repayment history': 'poor',
        'Years as client': '0',
        'Monthly income': '0',
        'Debt-to-income ratio': '100',
        'Employment type': 'unemployed',
        'Savings balance': '0',
        'Sector outlook': 'declining',
        'Loan purpose': 'consumption',
      };
      const { reasons } = explain(compiled, record);
      // Monthly income 0.5·0.3 = 0.15; Repayment history 0.5·0.25 = 0.125; Collateral value 0.5·0.2 = 0.10;
      // Debt-to-income ratio 0.3·0.3 = 0.09 then Savings balance 0.6·0.15 = 0.09: the lower id wins the tie.
      expect(reasons.map((reason) => reason.variableName)).toEqual([
        'Monthly income',
        'Repayment history',
        'Collateral value',
        'Debt-to-income ratio',
      ]);
      expect(reasons.map((reason) => reason.cost)).toEqual([0.15, 0.125, 0.1, expect.closeTo(0.09, 12)]);
    });
  });

  describe('When the record is rejected', () => {
    it('should still show each variable but give no reasons', () => {
      const explanation = explain(compileModel(handWorkedModel()), { 'Owns home': 'yes', Rating: 'good' });
      expect(explanation.result.status).toBe('rejected');
      expect(explanation.reasons).toEqual([]);
      expect(explanation.categories[0].variables[0]).toMatchObject({ column: null, status: 'missing', missing: true });
    });
  });

  it('should explain a row like the same record', () => {
    const compiled = compileModel(handWorkedModel());
    const columns = resolveColumns(compiled, ['Income', 'Owns home', 'Rating']);
    expect(explainRow(compiled, columns, ['400', 'yes', 'fair'])).toEqual(
      explain(compiled, { Income: '400', 'Owns home': 'yes', Rating: 'fair' }),
    );
  });
});
