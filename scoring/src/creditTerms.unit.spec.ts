import { creditLimitFor, interestRateFor } from './creditTerms';
import { BUILT_IN_PARAMETER_DEFAULTS, resolveScoringParameters } from './scoringParameters';

describe('Credit terms', () => {
  describe('When an old event holds extreme parameter values', () => {
    const parameters = resolveScoringParameters([], {
      byCode: { 1001: 1e19, 1002: 1e20, 1003: 5e5, 1004: 1e6, 1005: 0, 1006: 0 },
    });

    it('should never give a limit above 10^12 XAF or a rate above 100 %', () => {
      for (const weight of [0, 0.3, 0.5, 1]) {
        expect(creditLimitFor(weight, parameters)).toBeLessThanOrEqual(1e12);
        expect(interestRateFor(weight, parameters)).toBeLessThanOrEqual(100);
      }
      expect(creditLimitFor(1, parameters)).toBe(1e12);
      expect(interestRateFor(0, parameters)).toBe(100);
    });
  });

  describe('When parameters are built by hand past the bounds', () => {
    it('should still bound the limit and the rate, never below 0', () => {
      const handBuilt = {
        ...BUILT_IN_PARAMETER_DEFAULTS,
        minimumCreditLimit: -1e20,
        maximumCreditLimit: 1e20,
        minimumInterestRate: -50,
        maximumInterestRate: 1e6,
        minimumScoreForCredit: 0,
      };
      expect(creditLimitFor(1, handBuilt)).toBe(1e12);
      expect(creditLimitFor(0, handBuilt)).toBe(0);
      expect(interestRateFor(0, handBuilt)).toBe(100);
      expect(interestRateFor(1, handBuilt)).toBe(0);
    });
  });

  describe('When parameters are ordinary', () => {
    it('should interpolate between minimum and maximum as before', () => {
      expect(creditLimitFor(0.5, BUILT_IN_PARAMETER_DEFAULTS)).toBe(2_525_000);
      expect(interestRateFor(0.5, BUILT_IN_PARAMETER_DEFAULTS)).toBe(16);
    });
  });
});
