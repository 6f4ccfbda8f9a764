import { dateInputPattern, dateInputText, parseDateInput } from './dateInput';

const ENGLISH = { day: 'dd', month: 'mm', year: 'yyyy', hour: 'hh', minute: 'mm', second: 'ss' };
const FRENCH = { ...ENGLISH, day: 'jj', year: 'aaaa' };

describe('A date field in the page’s language', () => {
  describe('When a value is shown', () => {
    it('should write an ISO date day first in both languages, whatever the browser’s locale', () => {
      expect(dateInputText('2026-01-05', 'en')).toBe('05/01/2026');
      expect(dateInputText('2026-01-05', 'fr')).toBe('05/01/2026');
      expect(dateInputText('', 'en')).toBe('');
    });

    it('should write a date-time to the second on the 24-hour clock', () => {
      expect(dateInputText('2026-01-05T14:03:09', 'en', true)).toBe('05/01/2026, 14:03:09');
      expect(dateInputText('2026-01-05T14:03:09', 'fr', true)).toBe('05/01/2026 14:03:09');
    });

    it('should ask for the format in the language’s letters', () => {
      expect(dateInputPattern('en', ENGLISH)).toBe('dd/mm/yyyy');
      expect(dateInputPattern('fr', FRENCH)).toBe('jj/mm/aaaa');
      expect(dateInputPattern('fr', FRENCH, true)).toBe('jj/mm/aaaa hh:mm:ss');
    });
  });

  describe('When a person types', () => {
    it.each([
      ['05/01/2026', '2026-01-05'],
      ['5/1/2026', '2026-01-05'],
      ['5.1.26', '2026-01-05'],
      [' 31-12-2025 ', '2025-12-31'],
      ['2026-01-05', '2026-01-05'],
      ['', ''],
    ])('should read %j day first as %j', (typed, value) => {
      expect(parseDateInput(typed, 'en')).toBe(value);
      expect(parseDateInput(typed, 'fr')).toBe(value);
    });

    it.each(['05/01', '31/02/2026', '01/13/2026', '05/01/202', 'tomorrow', '05/01/2026 10:00'])(
      'should take %j as no date (yet)',
      (typed) => {
        expect(parseDateInput(typed, 'en')).toBeNull();
      },
    );

    it('should read a date and time, the seconds optional, and an ISO local date-time', () => {
      expect(parseDateInput('05/01/2026, 14:03:09', 'en', true)).toBe('2026-01-05T14:03:09');
      expect(parseDateInput('05/01/2026 14:03', 'fr', true)).toBe('2026-01-05T14:03:00');
      expect(parseDateInput('2026-01-05T14:03:09', 'fr', true)).toBe('2026-01-05T14:03:09');
      expect(parseDateInput('05/01/2026', 'fr', true)).toBeNull();
      expect(parseDateInput('05/01/2026 25:00', 'fr', true)).toBeNull();
    });

    it('should give back the value it shows', () => {
      for (const language of ['en', 'fr'])
        for (const value of ['2024-02-29', '1999-12-31']) expect(parseDateInput(dateInputText(value, language), language)).toBe(value);
    });
  });
});
