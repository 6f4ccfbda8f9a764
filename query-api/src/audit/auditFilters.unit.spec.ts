import { ValidationError } from '@credit/events';
import { readAuditFilters } from './auditFilters';

describe('Audit log filters', () => {
  it('should read days and instants from year 1900 to 9999', () => {
    const filters = readAuditFilters({ dateFrom: '2025-03-01', dateTo: '2025-03-01' });
    expect(filters.from?.toISOString()).toBe('2025-03-01T00:00:00.000Z');
    expect(filters.to).toEqual({ at: new Date('2025-03-02T00:00:00.000Z'), inclusive: false });
    expect(readAuditFilters({ dateTo: '9999-12-31' }).to?.at.toISOString()).toBe('9999-12-31T23:59:59.999Z');
  });

  it.each(['275760-09-13', '+275760-09-13', '1899-12-31', '0001-01-01', 'soon'])('should refuse %s', (value) => {
    const message = 'must be a date (YYYY-MM-DD) or an ISO date-time, from year 1900 to 9999';
    expect(() => readAuditFilters({ dateFrom: value })).toThrow(new ValidationError(`dateFrom ${message}`));
    expect(() => readAuditFilters({ dateTo: value })).toThrow(new ValidationError(`dateTo ${message}`));
  });
});
