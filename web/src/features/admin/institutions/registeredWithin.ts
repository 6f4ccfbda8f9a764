export type RegisteredFilter = 'all' | 'last30' | 'last90' | 'older';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * User management's registration-date filter, one rule for all three windows (the earlier product
 * computed the 90-day one differently): last30 and last90 are the last 30 and 90 days up to now,
 * older is everything before the 90-day window. The windows are measured from `now` in milliseconds.
 */
export function registeredWithin(createdAt: string, filter: RegisteredFilter, now: Date): boolean {
  if (filter === 'all') return true;
  const age = now.getTime() - new Date(createdAt).getTime();
  if (filter === 'last30') return age <= 30 * DAY_MS;
  if (filter === 'last90') return age <= 90 * DAY_MS;
  return age > 90 * DAY_MS;
}
