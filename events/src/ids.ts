import { createHash, randomUUID } from 'node:crypto';

export const newEventId = (): string => randomUUID();

/**
 * A stable UUID (version 5 layout, SHA-1) for an event that a retry must not duplicate: the same
 * name always gives the same id, so re-appending it is an idempotent no-op.
 */
export function deterministicEventId(name: string): string {
  const hash = createHash('sha1').update('credit-platform:').update(name).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
