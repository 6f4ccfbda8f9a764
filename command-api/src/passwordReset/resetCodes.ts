import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

const SCHEME = 'hmac-sha256';

/** A fresh 6-digit code, uniformly drawn (leading zeros kept). */
export const newResetCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** The key reset codes are hashed with, derived from the platform secret so it differs from the token key. */
export const resetCodeKey = (platformSecret: string): string =>
  createHmac('sha256', platformSecret).update('password-reset-code').digest('hex');

/** `hmac-sha256$<salt>$<hex>`: the only form a code is stored in, in the event log. */
export function hashResetCode(key: string, code: string, salt = randomBytes(12).toString('hex')): string {
  return `${SCHEME}$${salt}$${createHmac('sha256', key).update(`${salt}:${code}`).digest('hex')}`;
}

export function resetCodeMatches(key: string, codeHash: string, code: string): boolean {
  const [scheme, salt, expected] = codeHash.split('$');
  if (scheme !== SCHEME || !salt || !expected) return false;
  const actual = hashResetCode(key, code, salt).split('$')[2];
  return actual.length === expected.length && timingSafeEqual(Buffer.from(actual), Buffer.from(expected));
}
