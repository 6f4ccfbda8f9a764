import { useEffect, useState } from 'react';
import { useUrlFilters } from '../../shared/useUrlFilters';

export const REPLAY_PAGE_SIZES = [25, 50, 100] as const;
export type AgainstChoice = 'upload' | 'now' | 'moment';

const DEFAULTS = { against: 'upload', page: '1', limit: '25' };

/** What `against` the URL holds, as the form's choice and its moment. */
export const againstChoiceOf = (against: string): { choice: AgainstChoice; moment: string } =>
  against === 'upload' || against === 'now' ? { choice: against, moment: '' } : { choice: 'moment', moment: against };

/**
 * The replay page's choices in the URL: the batch, what to compare it against (its upload, now, or a
 * moment: a date-time or a log position), the comparison's page and size, and whether only the
 * clients whose terms changed are listed. The batch and moment fields are drafts until Replay.
 */
export function useReplayFilters() {
  const filters = useUrlFilters(DEFAULTS);
  const batch = filters.get('batch');
  const against = filters.get('against');
  const limitText = filters.get('limit');
  const limit = REPLAY_PAGE_SIZES.find((size) => String(size) === limitText) ?? 25;
  const page = Math.max(1, Number.parseInt(filters.get('page'), 10) || 1);
  const [draftBatch, setDraftBatch] = useState(batch);
  const [draftChoice, setDraftChoice] = useState(againstChoiceOf(against).choice);
  const [draftMoment, setDraftMoment] = useState(againstChoiceOf(against).moment);
  useEffect(() => setDraftBatch(batch), [batch]);
  useEffect(() => {
    const { choice, moment } = againstChoiceOf(against);
    setDraftChoice(choice);
    setDraftMoment(moment);
  }, [against]);
  const draftAgainst = draftChoice === 'moment' ? draftMoment : draftChoice;
  return {
    batchId: /^[1-9]\d*$/.test(batch) ? Number(batch) : null,
    against,
    page,
    limit,
    changedOnly: filters.get('changed') === 'true',
    draftBatch,
    draftChoice,
    draftMoment,
    setDraftBatch: (value: string) => setDraftBatch(value.replace(/\D/g, '')),
    setDraftChoice,
    setDraftMoment,
    /** Whether the form names a batch and, for another moment, the moment. */
    ready: /^[1-9]\d*$/.test(draftBatch) && draftAgainst !== '',
    replay: () => filters.set({ batch: draftBatch, against: draftAgainst }, { push: true }),
    replayBatch: (id: number) => filters.set({ batch: String(id), against: draftAgainst || 'upload' }, { push: true }),
    goToPage: (next: number) => filters.set({ page: String(next) }, { push: true }),
    setLimit: (size: number) => filters.set({ limit: String(size) }),
    setChangedOnly: (value: boolean) => filters.set({ changed: value ? 'true' : null }),
  };
}
