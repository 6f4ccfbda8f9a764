import { ValidationError } from './errors';

/**
 * PostgreSQL text cannot hold U+0000, and a lone UTF-16 surrogate is not valid Unicode: an event
 * carrying either would be refused by every projection that stores it, and stop it for everyone.
 * JSON.stringify writes both as escapes (and nothing else as a surrogate escape), so the check is a
 * scan of the serialised payload.
 */
export function assertStorableJson(json: string, what: string): void {
  if (json.includes('\\u0000')) throw new ValidationError(`${what} must not contain NUL characters`);
  if (/\\ud[89a-f][0-9a-f]{2}/i.test(json)) throw new ValidationError(`${what} contains an invalid character (a lone UTF-16 surrogate)`);
}
