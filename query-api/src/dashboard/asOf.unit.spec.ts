import { sameDayLastMonth } from './asOf';

describe('Same day last month', () => {
  it.each([
    ['2026-11-22T15:04:05.000Z', '2026-10-22T15:04:05.000Z'],
    ['2026-01-15T08:00:00.000Z', '2025-12-15T08:00:00.000Z'],
    ['2026-03-31T12:00:00.000Z', '2026-02-28T12:00:00.000Z'],
    ['2024-03-31T12:00:00.000Z', '2024-02-29T12:00:00.000Z'],
    ['2026-05-31T23:59:59.999Z', '2026-04-30T23:59:59.999Z'],
  ])('should take %s back to %s', (now, then) => {
    expect(sameDayLastMonth(new Date(now)).toISOString()).toBe(then);
  });
});
