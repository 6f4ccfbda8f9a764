import { compileFormula, evaluateFormula, validateFormula } from './formula';

const range = { minValue: 0, maxValue: 100 };

function reasonOf(formula: string, formulaRange = range): string {
  const check = validateFormula(formula, formulaRange);
  if (check.ok) throw new Error(`expected "${formula}" to be rejected`);
  return check.reason;
}

describe('validateFormula', () => {
  describe('When the formula is well formed', () => {
    it.each([
      '1 - value / max_value',
      '(value - min_value) / (max_value - min_value)',
      '(value - minValue) / (maxValue - minValue)',
      'min(1, value / 50)',
      'sqrt(value) / sqrt(max_value)',
      'log(value + 1) / log(max_value + 1)',
      'exp(-value / 25)',
      'round(abs(value - 50)) / 50',
      'if value > 50 then 1 else value / 50',
      'value ^ 2 / max_value ^ 2',
    ])('should accept %p', (formula) => {
      expect(validateFormula(formula, range)).toEqual({ ok: true });
    });

    it('should accept no formula at all, meaning the default', () => {
      expect(validateFormula(null, range)).toEqual({ ok: true });
      expect(validateFormula(undefined, range)).toEqual({ ok: true });
      expect(validateFormula('   ', range)).toEqual({ ok: true });
    });
  });

  describe('When the formula has a syntax error', () => {
    it('should say where', () => {
      expect(reasonOf('value +* 2')).toBe('Syntax error at character 8: unexpected "*"');
      expect(reasonOf('1 - value /')).toBe('Syntax error at character 12: the formula ends too early');
      expect(reasonOf('max(value')).toMatch(/^Syntax error at character 10/);
      expect(reasonOf('value @ 2')).toMatch(/^Syntax error/);
    });
  });

  describe('When the formula names something unknown', () => {
    it('should reject an unknown name', () => {
      expect(reasonOf('value / income')).toMatch(/^Unknown name "income"/);
    });

    it('should reject an unknown name even in a branch the trial values never take', () => {
      expect(reasonOf('if value > 1000 then salary else 1')).toMatch(/^Unknown name "salary"/);
    });

    it('should reject an unknown function', () => {
      expect(reasonOf('exists(value)')).toMatch(/^Unknown function "exists"/);
      expect(reasonOf('constructor(value)')).toMatch(/^Unknown function "constructor"/);
    });

    it('should reject property access', () => {
      expect(reasonOf('constructor of value')).toBe('property access ("of") is not allowed');
      expect(reasonOf('value.constructor')).toMatch(/^Unknown name "value.constructor"/);
      expect(reasonOf("'__proto__'")).toMatch(/^Unknown name "__proto__"/);
    });

    it('should reject text and deprecated operators', () => {
      expect(reasonOf('"abc"')).toBe('text values are not allowed in a formula');
      expect(reasonOf('value % 2')).toBe('use "mod" instead of "%"');
      expect(reasonOf('value > 1 ? 1 : 0')).toBe('use "if … then … else" instead of "? :"');
      expect(reasonOf('value ~= 1')).toBe('pattern matching ("~=") is not allowed');
    });
  });

  describe('When the formula gives no finite number on the range', () => {
    it('should reject a division by zero', () => {
      expect(reasonOf('value / 0')).toBe('At the minimum (0) the result is not a finite number (NaN)');
      expect(reasonOf('1 / value')).toBe('At the minimum (0) the result is not a finite number (Infinity)');
    });

    it('should reject a logarithm of a negative number', () => {
      expect(reasonOf('log(value - 1000)')).toBe('At the minimum (0) the result is not a finite number (NaN)');
    });

    it('should try the midpoint and maximum too', () => {
      expect(reasonOf('1 / (value - 50)')).toBe('At the midpoint (50) the result is not a finite number (Infinity)');
      expect(reasonOf('sqrt(100 - value) / (max_value - value)')).toMatch(/^At the maximum \(100\)/);
    });

    it('should reject a result that is not a number', () => {
      expect(reasonOf('value > 5')).toMatch(/the result is not a number/);
    });

    it('should reject a range that is not finite', () => {
      expect(validateFormula('value', { minValue: 0, maxValue: Infinity })).toEqual({
        ok: false,
        reason: 'Minimum and maximum values must be finite numbers',
      });
    });
  });

  it('should never print a deprecation warning', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    validateFormula('value % 2', range);
    validateFormula('value > 1 ? 1 : 0', range);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('evaluateFormula', () => {
  it('should give the unclamped result for one value', () => {
    expect(evaluateFormula('1 - value / max_value', range, 25)).toEqual({ ok: true, result: 0.75 });
    expect(evaluateFormula('1 - value / max_value', range, 150)).toEqual({ ok: true, result: -0.5 });
  });

  it('should use the default formula when there is none', () => {
    expect(evaluateFormula(null, { minValue: 100, maxValue: 300 }, 150)).toEqual({ ok: true, result: 0.25 });
    expect(evaluateFormula('', { minValue: 5, maxValue: 5 }, 5)).toEqual({ ok: true, result: 1 });
  });

  it('should report an invalid formula instead of a result', () => {
    expect(evaluateFormula('value / income', range, 1)).toEqual({ ok: false, reason: expect.stringMatching(/income/) });
  });
});

describe('compileFormula', () => {
  it('should give NaN, not an error object, when a value makes the formula fail', () => {
    const compiled = compileFormula('sqrt(value)', range);
    if (!compiled.ok) throw new Error(compiled.reason);
    expect(compiled.evaluate(-4)).toBeNaN();
    expect(compiled.evaluate(16)).toBe(4);
  });

  it('should bind min_value and max_value to the variable range', () => {
    const compiled = compileFormula('(value - minValue) / (max_value - min_value)', { minValue: 10, maxValue: 20 });
    if (!compiled.ok) throw new Error(compiled.reason);
    expect(compiled.evaluate(15)).toBe(0.5);
  });
});
