/** NaN (a formula that gave no number) counts as the worst value, like -∞. */
export function clampUnit(n: number): number {
  return n > 0 ? (n < 1 ? n : 1) : 0;
}

/** A variable whose range is empty becomes a step at its maximum instead of dividing by zero. */
export function linear(value: number, minValue: number, maxValue: number): number {
  const range = maxValue - minValue;
  if (range > 0) return (value - minValue) / range;
  return value >= maxValue ? 1 : 0;
}
