/**
 * A moment as the console keeps it in the URL: '' for now, a whole number for a log position, an ISO
 * date-time otherwise (what the time-travel and replay routes accept).
 */
export type MomentText = string;

const pad = (value: number) => String(value).padStart(2, '0');

/** The value a `datetime-local` input shows for an ISO date-time (local time, to the second); '' when it is none. */
export function localInputOf(moment: MomentText): string {
  if (moment === '' || /^\d+$/.test(moment)) return '';
  const date = new Date(moment);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** The ISO date-time of what a `datetime-local` input holds (local time); '' when empty or invalid. */
export function momentOfLocalInput(value: string): MomentText {
  if (value === '') return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** The log position a moment names, or null when it is a date-time or now. */
export const positionOf = (moment: MomentText): string | null => (/^\d+$/.test(moment) ? moment : null);
