import { parseRecommendedRange, rangeWarning } from './recommendedRange';

describe('Recommended ranges', () => {
  it.each([
    ['0-100', { min: 0, max: 100 }],
    ['1000-5000', { min: 1000, max: 5000 }],
    ['10 000 - 500 000 XAF', { min: 10_000, max: 500_000 }],
    ['0.20 - 0.50', { min: 0.2, max: 0.5 }],
    ['0,2 - 0,5', { min: 0.2, max: 0.5 }],
    ['1,000 - 5,000', { min: 1000, max: 5000 }],
    ['5 to 15 % a year', { min: 5, max: 15 }],
    ["0 (no cap) or the quarter's usury rate", null],
    ['high', null],
    ['50-10', null],
  ])('should read %s', (range, expected) => {
    expect(parseRecommendedRange(range)).toEqual(expected);
  });

  it('should warn only outside the bounds, which are inclusive', () => {
    const template = { parameterId: 5, name: 'Minimum Score for Credit', recommendedRange: '0.20 - 0.50' };
    expect(rangeWarning(template, 0.2)).toBeNull();
    expect(rangeWarning(template, 0.5)).toBeNull();
    expect(rangeWarning(template, 0.51)).toEqual({
      parameterId: 5,
      name: 'Minimum Score for Credit',
      value: 0.51,
      recommendedRange: '0.20 - 0.50',
      message: 'Minimum Score for Credit: 0.51 is outside the recommended range (0.20 - 0.50)',
    });
  });
});
