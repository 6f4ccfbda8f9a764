import type { ResultFilters } from './api';

/** The export's query: what the list shows (its view, search, filters and sort), every page of it, as CSV. */
export function exportQuery(filters?: ResultFilters, view?: 'batches' | 'clients', uploadBatchId?: number): string {
  const query = new URLSearchParams();
  if (uploadBatchId) query.set('uploadBatchId', String(uploadBatchId));
  if (filters) {
    const { page: _page, limit: _limit, ...shown } = filters;
    for (const [key, value] of Object.entries(shown)) if (value !== '') query.set(key, String(value));
  }
  if (view === 'clients') query.set('view', view);
  query.set('format', 'csv');
  return query.toString();
}
