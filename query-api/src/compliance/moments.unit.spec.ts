import { momentOfQuery, momentParameter, parseMoment, resolveMoment } from './moments';

describe('Moments of the log', () => {
  describe('When a moment is written', () => {
    it('should read now, a log position, a date-time and, for a replay, upload', () => {
      expect(parseMoment('now', 'at')).toEqual({ kind: 'now' });
      expect(parseMoment(' 42 ', 'at')).toEqual({ kind: 'position', position: 42 });
      expect(parseMoment('2026-11-26T10:15:00+01:00', 'at')).toEqual({ kind: 'date', at: new Date('2026-11-26T09:15:00.000Z') });
      expect(parseMoment('upload', 'against', { allowUpload: true })).toEqual({ kind: 'upload' });
    });

    it('should take a bare date as the end of that day (UTC)', () => {
      expect(parseMoment('2026-11-26', 'at')).toEqual({ kind: 'date', at: new Date('2026-11-26T23:59:59.999Z') });
    });

    it('should refuse anything else with a 400 naming the forms it takes', () => {
      expect(() => parseMoment('upload', 'at')).toThrow(
        'at must be now, a log position (a whole number), a date (YYYY-MM-DD) or an ISO date-time',
      );
      expect(() => parseMoment('yesterday', 'against', { allowUpload: true })).toThrow('against must be upload, now, a log position');
      expect(() => parseMoment('-3', 'at')).toThrow('at must be now');
      expect(() => parseMoment('1e3', 'at')).toThrow('at must be now');
      expect(() => parseMoment('99999999999999999999', 'at')).toThrow('at is not a log position');
      expect(() => parseMoment('275760-01-01', 'at')).toThrow('at must be now');
    });
  });

  describe('When a time-travel query names its moment', () => {
    it('should take position or at, not both, and mean now without either', () => {
      expect(momentOfQuery({})).toEqual({ name: 'at', text: 'now', moment: { kind: 'now' } });
      expect(momentOfQuery({ position: '7' }).moment).toEqual({ kind: 'position', position: 7 });
      expect(momentOfQuery({ at: '2026-01-02T03:04:05Z' }).moment).toEqual({ kind: 'date', at: new Date('2026-01-02T03:04:05Z') });
      expect(() => momentOfQuery({ position: '7', at: 'now' })).toThrow('Give either at or position, not both');
      expect(() => momentOfQuery({ position: 'now' })).toThrow('position must be a whole number');
      expect(() => momentOfQuery({ at: '12' })).toThrow('a log position goes in position');
      expect(() => momentOfQuery({ at: ['now', 'now'] })).toThrow('at must be given once');
    });

    it('should require from and default to to now', () => {
      expect(() => momentParameter({}, 'from')).toThrow('from is required');
      expect(momentParameter({}, 'to', 'now')).toEqual({ text: 'now', moment: { kind: 'now' } });
    });
  });

  describe('When a moment is resolved to a position', () => {
    const log = { head: 100, positionAt: async (at: Date) => (at.getUTCFullYear() < 2026 ? 0 : 64), upload: 12 };

    it('should give the head for now, the position asked, the upload and the last position at or before a date', async () => {
      expect(await resolveMoment({ text: 'now', moment: { kind: 'now' } }, 'at', log)).toEqual({
        requested: 'now',
        position: 100,
        at: null,
      });
      expect((await resolveMoment({ text: '100', moment: { kind: 'position', position: 100 } }, 'at', log)).position).toBe(100);
      expect((await resolveMoment({ text: 'upload', moment: { kind: 'upload' } }, 'against', log)).position).toBe(12);
      expect(await resolveMoment({ text: '2027-01-01', moment: parseMoment('2027-01-01', 'at') }, 'at', log)).toEqual({
        requested: '2027-01-01',
        position: 64,
        at: '2027-01-01T23:59:59.999Z',
      });
      expect((await resolveMoment({ text: '2020-01-01', moment: parseMoment('2020-01-01', 'at') }, 'at', log)).position).toBe(0);
    });

    it("should refuse a position past the log's head", async () => {
      await expect(resolveMoment({ text: '101', moment: { kind: 'position', position: 101 } }, 'to', log)).rejects.toThrow(
        "to is past the log's head (position 100)",
      );
    });
  });
});
