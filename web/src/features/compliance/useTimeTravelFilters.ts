import { useEffect, useState } from 'react';
import { useUrlFilters } from '../../shared/useUrlFilters';
import type { MomentText } from './momentText';

/**
 * The time-travel page's choices in the URL (so a view can be shared): `at` the moment the model and
 * the parameters are shown as of, `from`/`to` the two moments compared (`to` empty means now), and
 * `institution`. The moment fields are drafts until shown or compared.
 */
export function useTimeTravelFilters() {
  const filters = useUrlFilters();
  const at = filters.get('at');
  const from = filters.get('from');
  const to = filters.get('to');
  const institution = filters.get('institution');
  const [draftAt, setDraftAt] = useState<MomentText>(at);
  const [draftFrom, setDraftFrom] = useState<MomentText>(from);
  const [draftTo, setDraftTo] = useState<MomentText>(to);
  // Back and Forward change the URL: the fields follow it.
  useEffect(() => setDraftAt(at), [at]);
  useEffect(() => setDraftFrom(from), [from]);
  useEffect(() => setDraftTo(to), [to]);
  return {
    at,
    from,
    to,
    institutionId: /^\d+$/.test(institution) ? Number(institution) : null,
    draftAt,
    draftFrom,
    draftTo,
    setDraftAt,
    setDraftFrom,
    setDraftTo,
    show: () => filters.set({ at: draftAt }, { push: true }),
    compare: () => filters.set({ from: draftFrom, to: draftTo }, { push: true }),
    chooseInstitution: (id: string) => filters.set({ institution: id }),
  };
}
