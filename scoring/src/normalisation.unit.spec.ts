import { income, ownsHome, rating } from './handWorkedModel.testFixture';
import type { Variable } from './modelSnapshot';
import { cellProblem, compileNormaliser, testNormalisation } from './normalisation';
import type { Normaliser } from './normalisation';

function normaliser(variable: Variable): Normaliser {
  const compiled = compileNormaliser(variable);
  if (!compiled.ok) throw new Error(compiled.reason);
  return compiled.normaliser;
}

describe('Normalisation', () => {
  describe('When the variable is a number with the default formula', () => {
    const { normalise, direction } = normaliser({ ...income, minValue: 200, maxValue: 1200 });

    it('should place the value linearly between min and max', () => {
      expect(normalise('700')).toBe(0.5);
      expect(normalise('200')).toBe(0);
      expect(normalise('1 200')).toBe(1);
      expect(normalise('450,5')).toBe(0.2505);
      expect(direction).toBe('higher_is_better');
    });

    it('should clamp values outside the range', () => {
      expect(normalise('5 000')).toBe(1);
      expect(normalise('-10')).toBe(0);
    });

    it('should give NaN for a blank or unreadable cell', () => {
      expect(normalise('')).toBeNaN();
      expect(normalise('abc')).toBeNaN();
    });
  });

  describe('When the variable has a formula where more is worse', () => {
    const { normalise, direction } = normaliser({ ...income, minValue: 0, maxValue: 100, normalisationFormula: '1 - value / max_value' });

    it('should apply it and clamp the result', () => {
      expect(normalise('25')).toBe(0.75);
      expect(normalise('100')).toBe(0);
      expect(normalise('150')).toBe(0);
      expect(direction).toBe('lower_is_better');
    });
  });

  describe('When the formula gives no number for a value', () => {
    it('should count the worst, 0', () => {
      const { normalise } = normaliser({ ...income, minValue: 0, maxValue: 100, normalisationFormula: 'sqrt(value) / 10' });
      expect(normalise('-4')).toBe(0);
      expect(normalise('49')).toBe(0.7);
    });
  });

  describe('When the range is empty', () => {
    it('should step at the maximum instead of dividing by zero', () => {
      const { normalise } = normaliser({ ...income, minValue: 5, maxValue: 5 });
      expect(normalise('5')).toBe(1);
      expect(normalise('4')).toBe(0);
    });
  });

  describe('When the variable is a yes/no answer', () => {
    const { normalise } = normaliser(ownsHome);

    it('should give 1 for yes and 0 for no in every accepted spelling', () => {
      expect(['yes', 'TRUE', '1', 'Oui', 'vrai'].map(normalise)).toEqual([1, 1, 1, 1, 1]);
      expect(['no', 'false', '0', 'NON', 'Faux'].map(normalise)).toEqual([0, 0, 0, 0, 0]);
      expect(normalise('perhaps')).toBeNaN();
    });
  });

  describe('When the variable is categorical', () => {
    const { normalise } = normaliser(rating);

    it('should map the name, in any case, to (value - min) / (max - min)', () => {
      expect(normalise('good')).toBe(1);
      expect(normalise('Fair')).toBe(0.6);
      expect(normalise(' POOR ')).toBe(0.2);
    });

    it('should clamp a mapping value outside the range', () => {
      const wide = normaliser({
        ...rating,
        categoryMappings: [
          { categoryName: 'stellar', numericValue: 15 },
          { categoryName: 'awful', numericValue: -3 },
        ],
      });
      expect(wide.normalise('stellar')).toBe(1);
      expect(wide.normalise('awful')).toBe(0);
    });

    it('should give NaN for a name that is not mapped', () => {
      expect(normalise('excellent')).toBeNaN();
    });
  });

  it('should refuse to compile a broken formula', () => {
    expect(compileNormaliser({ ...income, normalisationFormula: 'value / salary' })).toEqual({
      ok: false,
      reason: expect.stringMatching(/^Unknown name "salary"/),
    });
  });
});

describe('cellProblem', () => {
  it('should explain each kind of unreadable cell', () => {
    expect(cellProblem(income, undefined)).toBe('missing');
    expect(cellProblem(income, '  ')).toBe('missing');
    expect(cellProblem(income, 'lots')).toBe('"lots" is not a number');
    expect(cellProblem(ownsHome, 'maybe')).toMatch(/^"maybe" is not a yes\/no answer/);
    expect(cellProblem(rating, 'excellent')).toBe('"excellent" is not one of: good, fair, poor');
  });

  it('should not echo a masked value', () => {
    expect(cellProblem({ ...income, mask: true }, 'lots')).toBe('the value is not a number');
  });
});

describe('testNormalisation', () => {
  it('should give n for a test value', () => {
    expect(testNormalisation(income, '250')).toEqual({ ok: true, n: 0.25 });
    expect(testNormalisation(income, 2500)).toEqual({ ok: true, n: 1 });
    expect(testNormalisation(rating, 'fair')).toEqual({ ok: true, n: 0.6 });
  });

  it('should say why a test value cannot be read', () => {
    expect(testNormalisation(income, 'abc')).toEqual({ ok: false, reason: '"abc" is not a number' });
  });
});
