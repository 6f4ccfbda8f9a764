import { ValidationError } from '@credit/events';

export type Paging = { page: number; limit: number; offset: number };

export function paging(query: Record<string, unknown>, defaultLimit: number, maxLimit = 1000): Paging {
  const page = query.page === undefined ? 1 : Number(query.page);
  const limit = query.limit === undefined ? defaultLimit : Number(query.limit);
  // Safe integers only: a page like 1e300 would give an offset PostgreSQL cannot hold.
  if (!Number.isSafeInteger(page) || page < 1) throw new ValidationError('page must be a whole number from 1');
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > maxLimit)
    throw new ValidationError(`limit must be a whole number from 1 to ${maxLimit}`);
  return { page, limit, offset: (page - 1) * limit };
}

export const pagination = (total: number, { page, limit }: Pick<Paging, 'page' | 'limit'>) => ({
  total,
  page,
  limit,
  totalPages: Math.ceil(total / limit),
});

/** Amounts compare with bigint and numeric columns; far past any real amount, PostgreSQL would overflow. */
export const AMOUNT_BOUND = 1e15;

export function optionalNumber(value: unknown, name: string): number | null {
  if (value === undefined || value === '') return null;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || Math.abs(parsed) > AMOUNT_BOUND)
    throw new ValidationError(
      `${name} must be a number between -${AMOUNT_BOUND.toLocaleString('en-US')} and ${AMOUNT_BOUND.toLocaleString('en-US')}`,
    );
  return parsed;
}

const EARLIEST_YEAR = 1900;
const LATEST_YEAR = 9999;
/** A date-time with a zone can land past year 9999 in UTC, which toISOString writes as +010000 (not a date to PostgreSQL). */
const LATEST_INSTANT = Date.UTC(LATEST_YEAR, 11, 31, 23, 59, 59, 999);

/** A bare day, YYYY-MM-DD. */
export const isBareDay = (text: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(text);

/**
 * A YYYY-MM-DD (midnight UTC) or ISO date-time with a 4-digit year from 1900, or null. Only 4-digit
 * years: Date accepts years like 275760, which PostgreSQL refuses mid-query.
 */
export function boundedDate(text: string): Date | null {
  const year = /^(\d{4})-\d{2}-\d{2}(?:$|[T ])/.exec(text);
  const date = new Date(isBareDay(text) ? `${text}T00:00:00.000Z` : text);
  return year === null || Number(year[1]) < EARLIEST_YEAR || Number.isNaN(date.getTime()) ? null : date;
}

/** Nothing is recorded after 9999-12-31: a later instant (a zone offset, the day after) stops there. */
export const notPastLatest = (at: Date): Date => (at.getTime() > LATEST_INSTANT ? new Date(LATEST_INSTANT) : at);

/** A YYYY-MM-DD or ISO date with a 4-digit year from 1900 to 9999; `endOfDay` makes a bare date include that whole day. */
export function optionalDate(value: unknown, name: string, endOfDay = false): string | null {
  if (value === undefined || value === '') return null;
  const text = String(value);
  const date = boundedDate(text);
  if (date === null) throw new ValidationError(`${name} must be a date (YYYY-MM-DD) from year ${EARLIEST_YEAR} to ${LATEST_YEAR}`);
  if (isBareDay(text) && endOfDay) date.setUTCDate(date.getUTCDate() + 1);
  return notPastLatest(date).toISOString();
}

export function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T, name: string): T {
  if (value === undefined || value === '') return fallback;
  if (!allowed.includes(value as T)) throw new ValidationError(`${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}
