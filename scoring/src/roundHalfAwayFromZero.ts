/*
 * Binary floats store most decimal halves a hair off (1.005 * 100 is 100.49999999999999), so a
 * plain Math.round would round some halves down and, for negatives, toward +∞. A fraction within a
 * few ulps of one half is taken as an exact half and rounded away from zero. The tolerance is
 * relative to the magnitude, so it stays tight for francs in the millions and for rates.
 */
const HALF_TOLERANCE_ULPS = 8;

export function roundHalfAwayFromZero(value: number, decimals = 0): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** decimals;
  const scaled = Math.abs(value) * factor;
  const whole = Math.floor(scaled);
  const tolerance = Math.max(scaled, 1) * Number.EPSILON * HALF_TOLERANCE_ULPS;
  const rounded = scaled - whole >= 0.5 - tolerance ? whole + 1 : whole;
  if (rounded === 0) return 0;
  return (value < 0 ? -rounded : rounded) / factor;
}
