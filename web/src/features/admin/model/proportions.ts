/** A category's proportions must total 100, to the cent (the server allows 0.01 either way). */
const TOLERANCE = 0.01 + 1e-9;

const cents = (value: number) => Math.round(value * 100) / 100;

/** A proportion as typed: blank or unreadable counts as nothing. */
export const shareOf = (typed: string): number => {
  const value = Number(typed.trim().replace(',', '.'));
  return typed.trim() === '' || !Number.isFinite(value) ? 0 : value;
};

/** The category's total with this variable's share and the others' (as edited). */
export const categoryTotal = (own: string, others: readonly string[]): number =>
  cents(others.reduce((sum, typed) => sum + shareOf(typed), shareOf(own)));

export const totalsHundred = (total: number): boolean => Math.abs(total - 100) <= TOLERANCE;

/**
 * The others' proportions scaled to fill what this variable leaves of 100, keeping their ratios (split
 * evenly when they are all 0); in cents, the rounding left on the largest so the total is exactly 100.
 */
export function fitOthers(own: string, others: readonly string[]): string[] {
  if (others.length === 0) return [];
  const room = Math.max(0, 100 - Math.min(100, shareOf(own)));
  const current = others.map(shareOf);
  const sum = current.reduce((total, value) => total + value, 0);
  const fitted = current.map((value) => cents(sum > 0 ? (value / sum) * room : room / others.length));
  const largest = fitted.indexOf(Math.max(...fitted));
  fitted[largest] = cents(fitted[largest] + room - fitted.reduce((total, value) => total + value, 0));
  return fitted.map(String);
}
