import { AUDIT_ACTIONS, ValidationError } from '@credit/events';

export type AuditFilters = {
  from: Date | null;
  /** Exclusive when the caller gave a whole day (the day counts in full), inclusive for an instant. */
  to: { at: Date; inclusive: boolean } | null;
  action: string | null;
  actor: string | null;
  institutionId: number | null;
  search: string | null;
  page: number;
  limit: number;
};

type Query = Record<string, string | string[] | undefined>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

const single = (query: Query, name: string): string => {
  const value = query[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
};

/** Only 4-digit years from 1900: Date accepts years like 275760, which PostgreSQL refuses mid-query. */
const YEAR = /^(\d{4})-\d{2}-\d{2}(?:$|[T ])/;
const EARLIEST_YEAR = 1900;
const LATEST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

function date(value: string, name: string): Date {
  const year = YEAR.exec(value);
  const parsed = new Date(DAY.test(value) ? `${value}T00:00:00.000Z` : value);
  if (year === null || Number(year[1]) < EARLIEST_YEAR || Number.isNaN(parsed.getTime()))
    throw new ValidationError(`${name} must be a date (YYYY-MM-DD) or an ISO date-time, from year 1900 to 9999`);
  return parsed;
}

/** A zone offset or the day after 9999-12-31 can land past year 9999 in UTC; nothing is recorded that late. */
const notPastLatest = (at: Date) => (at.getTime() > LATEST_INSTANT ? new Date(LATEST_INSTANT) : at);

function wholeNumber(value: string, name: string, fallback: number): number {
  if (value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < 1) throw new ValidationError(`${name} must be a whole number of at least 1`);
  return parsed;
}

export function readAuditFilters(query: Query): AuditFilters {
  const dateFrom = single(query, 'dateFrom');
  const dateTo = single(query, 'dateTo');
  const action = single(query, 'action').toLowerCase();
  if (action !== '' && action !== 'all' && !(AUDIT_ACTIONS as readonly string[]).includes(action)) {
    throw new ValidationError(`action must be one of ${AUDIT_ACTIONS.join(', ')}`);
  }
  const institutionId = single(query, 'institutionId');
  let to: AuditFilters['to'] = null;
  if (dateTo !== '') {
    const at = date(dateTo, 'dateTo');
    to = DAY.test(dateTo)
      ? { at: notPastLatest(new Date(at.getTime() + 24 * 60 * 60 * 1000)), inclusive: false }
      : { at: notPastLatest(at), inclusive: true };
  }
  return {
    from: dateFrom === '' ? null : notPastLatest(date(dateFrom, 'dateFrom')),
    to,
    action: action === '' || action === 'all' ? null : action,
    actor: single(query, 'actor') || null,
    institutionId: institutionId === '' ? null : wholeNumber(institutionId, 'institutionId', 0),
    search: single(query, 'search') || null,
    page: wholeNumber(single(query, 'page'), 'page', 1),
    limit: Math.min(wholeNumber(single(query, 'limit'), 'limit', DEFAULT_LIMIT), MAX_LIMIT),
  };
}
