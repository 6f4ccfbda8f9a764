/** Spec §9: 15 minutes without activity signs the user out. */
export const DEFAULT_INACTIVITY_TIMEOUT_MS = 15 * 60 * 1000;

/**
 * Tests may shorten the timeout by setting localStorage `inactivityTimeoutMs` (milliseconds, at least
 * 1000) before the app starts; anything else means the default.
 */
export const INACTIVITY_TIMEOUT_KEY = 'inactivityTimeoutMs';

export function inactivityTimeoutFrom(raw: string | null): number {
  if (raw === null) return DEFAULT_INACTIVITY_TIMEOUT_MS;
  const value = Number(raw);
  return Number.isInteger(value) && value >= 1000 ? value : DEFAULT_INACTIVITY_TIMEOUT_MS;
}
