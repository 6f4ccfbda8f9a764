import type { EventStore, RecordedEvent } from '@credit/events';
import { positionAt } from './timeTravel';

/** A log of the given positions (gaps allowed, as another event store may leave), each recorded at its time. */
function logOf(entries: [position: number, recordedAt: string][]) {
  let reads = 0;
  const events = entries.map(([position, recordedAt]): RecordedEvent => ({
    id: `e${position}`,
    streamId: 's',
    revision: position,
    position,
    type: 'Happened',
    schemaVersion: 1,
    data: {},
    metadata: { actor: { id: 'a', role: 'admin', name: 'A' }, correlationId: 'c', occurredAt: recordedAt },
    recordedAt,
  }));
  const store = {
    head: async () => ({ position: events.at(-1)?.position ?? 0, hash: null }),
    readAll: async ({ after = 0, maxCount = 1000 } = {}) => {
      reads++;
      const page = events.filter((event) => event.position > after).slice(0, maxCount);
      return { events: page, scannedUpTo: page.at(-1)?.position ?? after };
    },
  } as Pick<EventStore, 'head' | 'readAll'> as EventStore;
  return { store, reads: () => reads };
}

describe('The position of a moment', () => {
  const { store } = logOf([
    [1, '2026-11-01T10:00:00.000Z'],
    [2, '2026-11-01T10:00:00.000Z'],
    [3, '2026-11-02T08:30:00.000Z'],
    [7, '2026-11-03T12:00:00.000Z'],
    [8, '2026-11-05T00:00:00.000Z'],
  ]);
  const at = (iso: string) => positionAt(store, new Date(iso));

  it('should be the last position recorded at or before the moment', async () => {
    expect(await at('2026-11-01T10:00:00.000Z')).toBe(2);
    expect(await at('2026-11-02T08:29:59.999Z')).toBe(2);
    expect(await at('2026-11-02T08:30:00.000Z')).toBe(3);
    expect(await at('2026-11-04T00:00:00.000Z')).toBe(7);
    expect(await at('2030-01-01T00:00:00.000Z')).toBe(8);
  });

  it('should be 0 before the first event and on an empty log', async () => {
    expect(await at('2026-11-01T09:59:59.999Z')).toBe(0);
    expect(await positionAt(logOf([]).store, new Date())).toBe(0);
  });

  it('should read about log2(head) events, not the log', async () => {
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    const log = logOf(
      Array.from({ length: 100_000 }, (_, index): [number, string] => [index + 1, new Date(start + index * 1000).toISOString()]),
    );
    expect(await positionAt(log.store, new Date(start + 54_321 * 1000 + 500))).toBe(54_322);
    expect(log.reads()).toBeLessThanOrEqual(18);
  });
});
