import { PARAMETER_BOUNDS, PARAMETER_CODES, type ScoringParameterName } from '@credit/scoring';
import { parameterUnit } from '../../web/src/shared/parameterUnits';

/** The web app writes each parameter the engine reads in the engine's own unit; the two lists must not drift apart. */
describe('Parameter units on screen and in the engine', () => {
  const expected = (unit: string) => (unit === 'XAF' ? 'money' : unit === '% a year' ? 'rate' : 'fraction');

  it.each(Object.entries(PARAMETER_CODES) as [ScoringParameterName, number][])(
    'should write %s (code %d) in its engine unit',
    (name, code) => {
      expect(parameterUnit(code)).toBe(expected(PARAMETER_BOUNDS[name].unit));
    },
  );

  it('should give no unit to a code the engine does not read', () => {
    const codes = new Set<number>(Object.values(PARAMETER_CODES));
    for (let code = 1000; code < 1100; code++) if (!codes.has(code)) expect(parameterUnit(code)).toBeNull();
  });
});
