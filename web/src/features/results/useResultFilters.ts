import { useSearchParams } from 'react-router';
import type { ResultFilters, SortField } from './api';

export const PAGE_SIZES = [10, 20, 50] as const;
const SORTS: SortField[] = ['createdAt', 'credit_limit', 'interest_rate'];
const FILTER_KEYS = ['q', 'from', 'to', 'min', 'max'] as const;

/** The list's filters, sort and page, read from and written to the URL (spec §4: any filter change returns to page 1). */
export function useResultFilters() {
  const [params, setParams] = useSearchParams();
  const size = Number(params.get('size'));
  const sort = params.get('sort') as SortField | null;
  const filters: ResultFilters = {
    page: Math.max(1, Number(params.get('page')) || 1),
    limit: (PAGE_SIZES as readonly number[]).includes(size) ? size : 10,
    sortBy: sort && SORTS.includes(sort) ? sort : 'createdAt',
    sortOrder: params.get('order') === 'asc' ? 'asc' : 'desc',
    search: params.get('q') ?? '',
    dateFrom: params.get('from') ?? '',
    dateTo: params.get('to') ?? '',
    minAmount: params.get('min') ?? '',
    maxAmount: params.get('max') ?? '',
  };

  /** Sets URL keys (empty string removes one); anything but `page` sends the list back to page 1. */
  const set = (changes: Record<string, string>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === '') next.delete(key);
          else next.set(key, value);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };
  const clear = (extra: Record<string, string> = {}) => set({ ...Object.fromEntries(FILTER_KEYS.map((key) => [key, ''])), ...extra });
  const filtered = FILTER_KEYS.some((key) => (params.get(key) ?? '') !== '');
  return { filters, params, set, clear, filtered };
}
