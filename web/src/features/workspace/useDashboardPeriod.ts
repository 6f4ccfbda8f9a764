import { useUrlFilters } from '../../shared/useUrlFilters';
import type { Period } from './api';

export const PERIODS: readonly Period[] = ['7d', '30d', '90d', '12m'];

/** The dashboard's period, kept in the URL (30 days unless it names another; 30 days leaves the URL). */
export function useDashboardPeriod() {
  const url = useUrlFilters({ period: '30d' });
  return { period: url.oneOf('period', PERIODS, '30d'), setPeriod: (period: string) => url.set({ period }) };
}
