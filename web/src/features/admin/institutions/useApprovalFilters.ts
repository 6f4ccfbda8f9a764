import { useEffect, useState } from 'react';
import { useDebounced } from '../../../shared/useDebounced';
import { useUrlFilters } from '../../../shared/useUrlFilters';
import type { ApprovalFilter } from './institutionsApi';

export const APPROVAL_FILTERS: readonly ApprovalFilter[] = ['all', 'pending', 'approved', 'rejected'];

/**
 * The approvals list's status filter (pending unless the URL names another) and its search: the box's
 * text as typed, and the trimmed text once typing pauses, which is what the list asks for and what the
 * URL keeps, so a filtered view can be shared and survives a refresh.
 */
export function useApprovalFilters() {
  const url = useUrlFilters();
  const status = url.oneOf('status', APPROVAL_FILTERS, 'pending');
  const [searchText, setSearchText] = useState(url.get('search'));
  const search = useDebounced(searchText.trim());
  const { set } = url;

  useEffect(() => {
    set({ search });
    // Only the settled text drives the URL (`set` changes with every URL change).
  }, [search]);

  /** A filter chosen from the toggles is a step Back returns from. */
  const setStatus = (value: ApprovalFilter) => set({ status: value }, { push: true });
  return { status, search, searchText, setSearchText, setStatus };
}
