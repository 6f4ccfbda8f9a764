import { parameterTemplates } from './handWorkedModel.testFixture';
import { BUILT_IN_PARAMETER_DEFAULTS, PARAMETER_BOUNDS, resolveScoringParameters } from './scoringParameters';

describe('resolveScoringParameters', () => {
  const templates = parameterTemplates();
  const maximumCreditLimitTemplate = templates.find((template) => template.uniqueCode === 1002)!;

  it('should use the template defaults when the institution set nothing', () => {
    expect(resolveScoringParameters(templates)).toEqual({
      minimumCreditLimit: 100_000,
      maximumCreditLimit: 1_100_000,
      minimumInterestRate: 10,
      maximumInterestRate: 20,
      minimumScoreForCredit: 0.3,
      usuryRateCap: 0,
    });
  });

  it('should use a value set by template id', () => {
    const resolved = resolveScoringParameters(templates, { byTemplateId: { [maximumCreditLimitTemplate.id]: 2_000_000 } });
    expect(resolved.maximumCreditLimit).toBe(2_000_000);
  });

  it('should use a value set by code', () => {
    expect(resolveScoringParameters(templates, { byCode: { 1006: 18.5 } }).usuryRateCap).toBe(18.5);
  });

  it('should prefer the template id over the code', () => {
    const resolved = resolveScoringParameters(templates, {
      byTemplateId: { [maximumCreditLimitTemplate.id]: 2_000_000 },
      byCode: { 1002: 3_000_000 },
    });
    expect(resolved.maximumCreditLimit).toBe(2_000_000);
  });

  it('should fall back to the template default for a value never set', () => {
    const resolved = resolveScoringParameters(templates, {
      byTemplateId: { [maximumCreditLimitTemplate.id]: null },
      byCode: { 1002: undefined },
    });
    expect(resolved.maximumCreditLimit).toBe(1_100_000);
  });

  it('should use the built-in default when no template carries the code', () => {
    expect(resolveScoringParameters([], { byCode: { 1003: 9 } })).toEqual({ ...BUILT_IN_PARAMETER_DEFAULTS, minimumInterestRate: 9 });
  });

  it('should bind by code whatever the template is called', () => {
    const renamed = templates.map((template) => ({ ...template, name: 'Renamed' }));
    expect(resolveScoringParameters(renamed)).toEqual(resolveScoringParameters(templates));
  });

  describe('When a stored value is beyond the hard bounds', () => {
    it('should hold every resolved parameter within its bounds', () => {
      const resolved = resolveScoringParameters(templates, {
        byCode: { 1001: -5, 1002: 1e20, 1003: -1, 1004: 1e6, 1005: 7, 1006: 1e9 },
      });
      expect(resolved).toEqual({
        minimumCreditLimit: 0,
        maximumCreditLimit: 1e12,
        minimumInterestRate: 0,
        maximumInterestRate: 100,
        minimumScoreForCredit: 1,
        usuryRateCap: 100,
      });
    });

    it('should bound a template default too', () => {
      const crazy = templates.map((template) => (template.uniqueCode === 1004 ? { ...template, defaultValue: 5000 } : template));
      expect(resolveScoringParameters(crazy).maximumInterestRate).toBe(PARAMETER_BOUNDS.maximumInterestRate.max);
    });
  });
});
