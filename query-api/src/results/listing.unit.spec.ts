import { ValidationError } from '@credit/events';
import { optionalDate, optionalNumber, paging } from './listing';

describe('Result listing filters', () => {
  describe('When an amount is given', () => {
    it('should accept amounts up to 10^15 either way', () => {
      expect(optionalNumber('1000000', 'minAmount')).toBe(1_000_000);
      expect(optionalNumber('-1e15', 'maxAmount')).toBe(-1e15);
      expect(optionalNumber(undefined, 'minAmount')).toBeNull();
    });

    it.each(['1e300', '1000000000000001', '-1e16', 'Infinity', 'lots'])('should refuse %s with a 400 naming the field', (value) => {
      expect(() => optionalNumber(value, 'minAmount')).toThrow(
        new ValidationError('minAmount must be a number between -1,000,000,000,000,000 and 1,000,000,000,000,000'),
      );
    });
  });

  describe('When a date is given', () => {
    it('should read bare dates and date-times with 4-digit years from 1900 to 9999', () => {
      expect(optionalDate('2025-03-01', 'dateFrom')).toBe('2025-03-01T00:00:00.000Z');
      expect(optionalDate('2025-03-01', 'dateTo', true)).toBe('2025-03-02T00:00:00.000Z');
      expect(optionalDate('2025-03-01T10:00:00+01:00', 'dateFrom')).toBe('2025-03-01T09:00:00.000Z');
      expect(optionalDate('1900-01-01', 'dateFrom')).toBe('1900-01-01T00:00:00.000Z');
    });

    it('should keep the end of 9999 a date PostgreSQL can read', () => {
      expect(optionalDate('9999-12-31', 'dateTo', true)).toBe('9999-12-31T23:59:59.999Z');
      expect(optionalDate('9999-12-31T23:00:00-05:00', 'dateTo')).toBe('9999-12-31T23:59:59.999Z');
    });

    it.each(['275760-09-13', '+275760-09-13', '1899-12-31', '0001-01-01', '-000001-01-01', '2025-13-01', 'yesterday', '12/01/2025'])(
      'should refuse %s',
      (value) => {
        expect(() => optionalDate(value, 'dateFrom')).toThrow(
          new ValidationError('dateFrom must be a date (YYYY-MM-DD) from year 1900 to 9999'),
        );
      },
    );
  });

  describe('When paging far', () => {
    it('should refuse a page no offset can hold', () => {
      expect(() => paging({ page: '1e300' }, 10)).toThrow(ValidationError);
      expect(paging({ page: '3', limit: '20' }, 10)).toEqual({ page: 3, limit: 20, offset: 40 });
    });
  });
});
