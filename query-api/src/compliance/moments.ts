import { ValidationError } from '@credit/events';
import { boundedDate, isBareDay } from '../results/listing';

/**
 * A moment in the log's history as a request names it: now (the head), a global log position, a
 * date-time, or (for a replay) the batch's upload. A date-time resolves to the last position
 * recorded at or before it; a bare date (YYYY-MM-DD) means the end of that day (UTC), so "as of
 * 2026-11-26" includes everything recorded on the 26th.
 */
export type Moment = { kind: 'now' } | { kind: 'upload' } | { kind: 'position'; position: number } | { kind: 'date'; at: Date };

/** A moment resolved to a log position, with what was asked. */
export type ResolvedMoment = { requested: string; position: number; at: string | null };

const DAY_MS = 24 * 60 * 60 * 1000;

function single(value: unknown, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new ValidationError(`${name} must be given once`);
  return value;
}

/** `now`, a whole number (a log position), a date or an ISO date-time; `upload` too when `allowUpload`. */
export function parseMoment(text: string, name: string, { allowUpload = false } = {}): Moment {
  const value = text.trim();
  if (value.toLowerCase() === 'now') return { kind: 'now' };
  if (allowUpload && value.toLowerCase() === 'upload') return { kind: 'upload' };
  if (/^\d+$/.test(value)) {
    const position = Number(value);
    if (!Number.isSafeInteger(position)) throw new ValidationError(`${name} is not a log position`);
    return { kind: 'position', position };
  }
  const date = boundedDate(value);
  if (date === null) {
    throw new ValidationError(
      `${name} must be ${allowUpload ? 'upload, ' : ''}now, a log position (a whole number), a date (YYYY-MM-DD) or an ISO date-time`,
    );
  }
  return { kind: 'date', at: isBareDay(value) ? new Date(date.getTime() + DAY_MS - 1) : date };
}

/**
 * The moment a time-travel request names: `position=<n>` or `at=<date or date-time>` (or `at=now`),
 * not both; neither means now.
 */
export function momentOfQuery(query: Record<string, unknown>): { name: 'at' | 'position'; text: string; moment: Moment } {
  const position = single(query.position, 'position');
  const at = single(query.at, 'at');
  if (position !== undefined && at !== undefined) throw new ValidationError('Give either at or position, not both');
  if (position !== undefined) {
    if (!/^\d+$/.test(position.trim())) throw new ValidationError('position must be a whole number (a log position)');
    return { name: 'position', text: position, moment: parseMoment(position, 'position') };
  }
  if (at !== undefined) {
    const moment = parseMoment(at, 'at');
    if (moment.kind === 'position') throw new ValidationError('at must be a date or a date-time; a log position goes in position');
    return { name: 'at', text: at, moment };
  }
  return { name: 'at', text: 'now', moment: { kind: 'now' } };
}

/** A required (or defaulted) moment parameter such as `from`, `to` or `against`. */
export function momentParameter(
  query: Record<string, unknown>,
  name: string,
  fallback?: string,
  options = {},
): { text: string; moment: Moment } {
  const text = single(query[name], name) ?? fallback;
  if (text === undefined) throw new ValidationError(`${name} is required`);
  return { text, moment: parseMoment(text, name, options) };
}

/** The position a moment stands for, given the log's head; a position past the head is refused. */
export async function resolveMoment(
  requested: { text: string; moment: Moment },
  name: string,
  log: { head: number; positionAt: (at: Date) => Promise<number>; upload?: number },
): Promise<ResolvedMoment> {
  const { moment, text } = requested;
  switch (moment.kind) {
    case 'now':
      return { requested: text, position: log.head, at: null };
    case 'upload':
      if (log.upload === undefined) throw new ValidationError(`${name} cannot be upload here`);
      return { requested: text, position: log.upload, at: null };
    case 'position':
      if (moment.position > log.head) throw new ValidationError(`${name} is past the log's head (position ${log.head})`);
      return { requested: text, position: moment.position, at: null };
    case 'date':
      return { requested: text, position: await log.positionAt(moment.at), at: moment.at.toISOString() };
  }
}
