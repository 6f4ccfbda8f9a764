import { registeredWithin } from './registeredWithin';

const now = new Date('2026-11-23T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();

describe('registeredWithin', () => {
  it('should put every date in exactly one of last 90 days and older, and last 30 inside last 90', () => {
    for (const days of [0, 1, 29.9, 30, 30.1, 89, 90, 90.01, 365]) {
      const at = daysAgo(days);
      expect(registeredWithin(at, 'last90', now)).not.toBe(registeredWithin(at, 'older', now));
      if (registeredWithin(at, 'last30', now)) expect(registeredWithin(at, 'last90', now)).toBe(true);
    }
    expect(registeredWithin(daysAgo(30), 'last30', now)).toBe(true);
    expect(registeredWithin(daysAgo(31), 'last30', now)).toBe(false);
    expect(registeredWithin(daysAgo(90), 'last90', now)).toBe(true);
    expect(registeredWithin(daysAgo(91), 'older', now)).toBe(true);
    expect(registeredWithin(daysAgo(1000), 'all', now)).toBe(true);
  });
});
