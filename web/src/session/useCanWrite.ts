import { useAppSelector } from './hooks';

/**
 * Whether the signed-in account may change anything: false for an auditor, who reads what an
 * administrator reads. The one check the screens make; the server refuses an auditor's writes anyway.
 */
export function useCanWrite(): boolean {
  return useAppSelector((state) => state.session.user?.adminRole !== 'auditor');
}
