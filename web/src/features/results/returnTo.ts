import type { Location } from 'react-router';

/** What a results list hands to a client's details: the batch the row came from and the list's own URL. */
export type DetailsState = { uploadBatchId?: number; returnTo: string };

export const detailsState = (uploadBatchId: number | undefined, list: Pick<Location, 'pathname' | 'search'>): DetailsState => ({
  uploadBatchId,
  returnTo: list.pathname + list.search,
});

/**
 * Where "Back to Results" goes: the list the client was opened from, with its search, filters, sort and
 * page, or `fallback` when opened otherwise (a link, a bookmark). Only a path of this app, never another site.
 */
export function returnTarget(state: unknown, fallback: string): string {
  const returnTo = (state as Partial<DetailsState> | null)?.returnTo;
  return typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//') && !returnTo.includes('\\')
    ? returnTo
    : fallback;
}
