import { domainCatalogue, ValidationError, type EventBrowserQuery } from '@credit/events';
import { boundedDate, isBareDay, notPastLatest } from '../results/listing';

export const DEFAULT_EVENTS_PER_PAGE = 50;
export const MAX_EVENTS_PER_PAGE = 200;
const LONGEST_STREAM_ID = 500;
const LONGEST_ACTOR_ID = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An actor's kind as the browser names it: an administrator account (`admin`, acting as an
 * administrator or an auditor), only its acts as an auditor (`auditor`), an institution, the system.
 */
const ACTOR_KINDS: Record<string, NonNullable<EventBrowserQuery['actor']>> = {
  admin: { kind: 'admin' },
  auditor: { kind: 'admin', role: 'auditor' },
  institution: { kind: 'institution' },
  system: { kind: 'system' },
};

type Query = Record<string, string | string[] | undefined>;

function single(query: Query, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) throw new ValidationError(`Give ${name} once`);
  const text = value?.trim();
  return text === '' ? undefined : text;
}

function wholeNumber(text: string | undefined, name: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^[0-9]{1,15}$/.test(text) || Number(text) < 1) throw new ValidationError(`${name} must be a whole number from 1`);
  return Number(text);
}

/** A date (YYYY-MM-DD) or an ISO date-time; a bare date as `to` means the end of that day (UTC). */
function instant(text: string | undefined, name: string, endOfDay: boolean): Date | undefined {
  if (text === undefined) return undefined;
  const date = boundedDate(text);
  if (date === null) throw new ValidationError(`${name} must be a date (YYYY-MM-DD) or an ISO date-time, from year 1900 to 9999`);
  return notPastLatest(endOfDay && isBareDay(text) ? new Date(date.getTime() + DAY_MS - 1) : date);
}

/** `type=A&type=B` or `type=A,B`; each a type of the event catalogue, so a misspelt one is a 400, not an empty page. */
function eventTypes(query: Query): string[] | undefined {
  const given = query.type;
  if (given === undefined) return undefined;
  const types = (Array.isArray(given) ? given : [given]).flatMap((value) => value.split(',')).map((type) => type.trim());
  const chosen = [...new Set(types.filter(Boolean))];
  if (chosen.length === 0) return undefined;
  const known = new Set(domainCatalogue().types());
  const unknown = chosen.find((type) => !known.has(type));
  if (unknown !== undefined) throw new ValidationError(`type ${unknown.slice(0, 80)} is not an event type of the log`);
  return chosen;
}

/**
 * The event browser's query string: `stream`, `type`, `actorKind` (admin, auditor, institution,
 * system) with or without `actorId`, `institutionId`, `from` and `to` (dates or date-times, both ends included),
 * `order` (newest, the default, or oldest), `after` (the `next` position of the previous page) and
 * `limit` (1 to 200, 50 by default).
 */
export function readEventFilters(query: Query): EventBrowserQuery {
  const stream = single(query, 'stream');
  if (stream !== undefined && stream.length > LONGEST_STREAM_ID) throw new ValidationError('stream must name a stream');
  const actorId = single(query, 'actorId');
  if (actorId !== undefined && actorId.length > LONGEST_ACTOR_ID) throw new ValidationError('actorId must be an account id');
  const actorKind = single(query, 'actorKind')?.toLowerCase();
  if (actorKind !== undefined && !(actorKind in ACTOR_KINDS))
    throw new ValidationError(`actorKind must be one of ${Object.keys(ACTOR_KINDS).join(', ')}`);
  const order = single(query, 'order')?.toLowerCase() ?? 'newest';
  if (order !== 'newest' && order !== 'oldest') throw new ValidationError('order must be newest or oldest');
  const from = instant(single(query, 'from'), 'from', false);
  const to = instant(single(query, 'to'), 'to', true);
  if (from && to && from > to) throw new ValidationError('from must not be after to');
  // Ids are unique only within a kind: administrator 1 and institution 1 are two accounts.
  if (actorId !== undefined && actorKind === undefined)
    throw new ValidationError('actorId needs actorKind (admin, auditor, institution or system)');
  const actor = actorKind === undefined ? undefined : { ...ACTOR_KINDS[actorKind], id: actorId };
  return {
    stream,
    types: eventTypes(query),
    actor,
    institutionId: wholeNumber(single(query, 'institutionId'), 'institutionId'),
    from,
    to,
    order,
    after: wholeNumber(single(query, 'after'), 'after'),
    limit: Math.min(wholeNumber(single(query, 'limit'), 'limit') ?? DEFAULT_EVENTS_PER_PAGE, MAX_EVENTS_PER_PAGE),
  };
}
