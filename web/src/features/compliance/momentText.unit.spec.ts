import { localInputOf, momentOfLocalInput, positionOf } from './momentText';

describe('momentText', () => {
  it('turns a datetime-local value into an ISO date-time and back', () => {
    const iso = momentOfLocalInput('2026-03-04T05:06:07');
    expect(iso).toBe(new Date('2026-03-04T05:06:07').toISOString());
    expect(localInputOf(iso)).toBe('2026-03-04T05:06:07');
  });

  it('leaves now and positions out of the date input', () => {
    expect(localInputOf('')).toBe('');
    expect(localInputOf('42')).toBe('');
    expect(momentOfLocalInput('')).toBe('');
    expect(momentOfLocalInput('not a date')).toBe('');
    expect(positionOf('42')).toBe('42');
    expect(positionOf(iso())).toBeNull();
  });
});

const iso = () => new Date(0).toISOString();
