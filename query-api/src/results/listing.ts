import { ValidationError } from '@credit/events';

export type Paging = { page: number; limit: number; offset: number };

export function paging(query: Record<string, unknown>, defaultLimit: number, maxLimit = 1000): Paging {
  const page = query.page === undefined ? 1 : Number(query.page);
  const limit = query.limit === undefined ? defaultLimit : Number(query.limit);
  if (!Number.isInteger(page) || page < 1) throw new ValidationError('page must be a whole number from 1');
  if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit)
    throw new ValidationError(`limit must be a whole number from 1 to ${maxLimit}`);
  return { page, limit, offset: (page - 1) * limit };
}

export const pagination = (total: number, { page, limit }: Paging) => ({ total, page, limit, totalPages: Math.ceil(total / limit) });

export function optionalNumber(value: unknown, name: string): number | null {
  if (value === undefined || value === '') return null;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new ValidationError(`${name} must be a number`);
  return parsed;
}

/** A YYYY-MM-DD or ISO date; `endOfDay` makes a bare date include that whole day. */
export function optionalDate(value: unknown, name: string, endOfDay = false): string | null {
  if (value === undefined || value === '') return null;
  const text = String(value);
  const bare = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const date = new Date(bare ? `${text}T00:00:00.000Z` : text);
  if (Number.isNaN(date.getTime())) throw new ValidationError(`${name} must be a date (YYYY-MM-DD)`);
  if (bare && endOfDay) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}

export function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T, name: string): T {
  if (value === undefined || value === '') return fallback;
  if (!allowed.includes(value as T)) throw new ValidationError(`${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}
