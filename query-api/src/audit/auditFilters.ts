import { AUDIT_ACTIONS, ValidationError } from '@credit/events';
import { boundedDate, isBareDay, notPastLatest } from '../results/listing';

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

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

const single = (query: Query, name: string): string => {
  const value = query[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
};

function date(value: string, name: string): Date {
  const parsed = boundedDate(value);
  if (parsed === null) throw new ValidationError(`${name} must be a date (YYYY-MM-DD) or an ISO date-time, from year 1900 to 9999`);
  return parsed;
}

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
    to = isBareDay(dateTo)
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
