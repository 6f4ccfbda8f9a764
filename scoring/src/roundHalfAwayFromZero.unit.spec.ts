import { roundHalfAwayFromZero } from './roundHalfAwayFromZero';

describe('roundHalfAwayFromZero', () => {
  it.each([
    [2.5, 0, 3],
    [-2.5, 0, -3],
    [3.5, 0, 4],
    [2.4999, 0, 2],
    [1234.5, 0, 1235],
    [500.5, 0, 501],
    [0.49, 0, 0],
    [-0.4, 0, 0],
    [1.005, 2, 1.01],
    [8.345, 2, 8.35],
    [0.125, 2, 0.13],
    [-1.005, 2, -1.01],
    [14.1, 2, 14.1],
    [16.004999, 2, 16],
    [10.01 - 0.5 * 0.01, 2, 10.01],
    [4999999.5, 0, 5000000],
  ])('should round %p to %p decimals as %p', (value, decimals, expected) => {
    expect(roundHalfAwayFromZero(value, decimals)).toBe(expected);
  });

  it('should never return negative zero', () => {
    expect(Object.is(roundHalfAwayFromZero(-0.2), 0)).toBe(true);
  });

  it('should leave non-finite values alone', () => {
    expect(roundHalfAwayFromZero(Infinity)).toBe(Infinity);
    expect(roundHalfAwayFromZero(NaN)).toBeNaN();
  });
});
