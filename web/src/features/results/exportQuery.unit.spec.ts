import { exportQuery } from './exportQuery';

const filters = {
  page: 3,
  limit: 20,
  sortBy: 'credit_limit',
  sortOrder: 'asc',
  search: 'Ngo & fils',
  dateFrom: '2026-01-01',
  dateTo: '',
  minAmount: '',
  maxAmount: '500000',
} as const;

describe('The export query', () => {
  it('should carry the list’s search, filters, sort and view but not its page', () => {
    const query = new URLSearchParams(exportQuery(filters, 'clients'));
    expect(Object.fromEntries(query)).toEqual({
      sortBy: 'credit_limit',
      sortOrder: 'asc',
      search: 'Ngo & fils',
      dateFrom: '2026-01-01',
      maxAmount: '500000',
      view: 'clients',
      format: 'csv',
    });
  });

  it('should name the batch, and be the whole export without filters', () => {
    expect(exportQuery(filters, 'batches', 7)).toMatch(/^uploadBatchId=7&/);
    expect(exportQuery()).toBe('format=csv');
  });
});
