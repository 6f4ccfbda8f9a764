import { messageOf } from './positionOf';
import { inPageLanguage } from './serverMessages';

/** The server's message to show, in the page's language when it is one of ours; null when it gave none. */
export function shownMessage(error: unknown): string | null {
  const message = messageOf(error);
  return message === null ? null : inPageLanguage(message);
}

/** The server's message when it gave one, else the page's default text (spec §8, Authentication). */
export function errorMessage(error: unknown, fallback: string): string {
  const message = messageOf(error);
  if (message === null) return fallback;
  // fetch's own failures ("TypeError: Failed to fetch") are not messages for people.
  if (/^TypeError:|Failed to fetch|NetworkError/i.test(message)) return fallback;
  return inPageLanguage(message);
}
