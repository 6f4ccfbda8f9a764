import { useUrlFilters } from '../../../shared/useUrlFilters';
import { USER_PERIODS, USER_STATUSES, type UserFilters } from './filterInstitutions';

/** User Management's search, status and registration filters, kept in the URL ('all' and '' leave it). */
export function useUserFilters() {
  const url = useUrlFilters({ status: 'all', registered: 'all' });
  const filters: UserFilters = {
    search: url.get('search'),
    status: url.oneOf('status', USER_STATUSES, 'all'),
    period: url.oneOf('registered', USER_PERIODS, 'all'),
  };
  return {
    filters,
    filtered: filters.search !== '' || filters.status !== 'all' || filters.period !== 'all',
    setFilter: (key: 'search' | 'status' | 'registered', value: string) => url.set({ [key]: value }),
  };
}
