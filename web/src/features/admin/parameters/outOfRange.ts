import { rangeOf } from '../../../shared/rangeOf';

/** True when the typed value is a number outside the template's recommended range (a warning, never a refusal). */
export function outOfRange(text: string, recommendedRange: string): boolean {
  const range = rangeOf(recommendedRange);
  const value = Number(text);
  if (!range || text.trim() === '' || !Number.isFinite(value)) return false;
  return value < range.min || value > range.max;
}
