import { useUrlFilters, type UrlFilterValue } from '../../shared/useUrlFilters';
import type { ResultFilters, SortField } from './api';

export const PAGE_SIZES = [10, 20, 50] as const;
const SORTS: SortField[] = ['createdAt', 'credit_limit', 'interest_rate'];
const FILTER_KEYS = ['q', 'from', 'to', 'min', 'max'] as const;

/** The list's filters, sort and page, read from and written to the URL (spec §4: any filter change returns to page 1). */
export function useResultFilters() {
  const url = useUrlFilters();
  const { params, get } = url;
  const size = Number(get('size'));
  const filters: ResultFilters = {
    page: Math.max(1, Number(get('page')) || 1),
    limit: (PAGE_SIZES as readonly number[]).includes(size) ? size : 10,
    sortBy: url.oneOf('sort', SORTS, 'createdAt'),
    sortOrder: get('order') === 'asc' ? 'asc' : 'desc',
    search: get('q'),
    dateFrom: get('from'),
    dateTo: get('to'),
    minAmount: get('min'),
    maxAmount: get('max'),
  };

  /** Sets URL keys (empty string removes one); anything but `page` sends the list back to page 1. */
  const set = (changes: Record<string, UrlFilterValue>) => url.set(changes);
  const clear = (extra: Record<string, string> = {}) => set({ ...Object.fromEntries(FILTER_KEYS.map((key) => [key, ''])), ...extra });
  const filtered = FILTER_KEYS.some((key) => get(key) !== '');
  return { filters, params, set, clear, filtered };
}
