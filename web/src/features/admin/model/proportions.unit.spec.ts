import { categoryTotal, fitOthers, shareOf, totalsHundred } from './proportions';

describe('A category proportion total', () => {
  it('should add this variable and the others, blank counting as nothing', () => {
    expect(categoryTotal('40', ['30', '', '20.5'])).toBe(90.5);
    expect(categoryTotal('', [])).toBe(0);
    expect(shareOf('12,5')).toBe(12.5);
    expect(shareOf('abc')).toBe(0);
  });

  it('should count as 100 only within a cent', () => {
    expect(totalsHundred(categoryTotal('33.33', ['33.33', '33.34']))).toBe(true);
    expect(totalsHundred(categoryTotal('0.1', ['0.2', '99.7']))).toBe(true);
    expect(totalsHundred(99.98)).toBe(false);
    expect(totalsHundred(100.5)).toBe(false);
  });

  it('should fit the others to what this variable leaves, keeping their ratios', () => {
    expect(fitOthers('40', ['50', '30', '20'])).toEqual(['30', '18', '12']);
    expect(categoryTotal('40', fitOthers('40', ['50', '30', '20']))).toBe(100);
  });

  it('should split evenly when the others are all 0 and land exactly on 100 after rounding', () => {
    const fitted = fitOthers('0', ['0', '0', '0']);
    expect(categoryTotal('0', fitted)).toBe(100);
    expect(fitted).toEqual(['33.34', '33.33', '33.33']);
    expect(fitOthers('100', ['10', '20'])).toEqual(['0', '0']);
    expect(fitOthers('50', [])).toEqual([]);
  });
});
