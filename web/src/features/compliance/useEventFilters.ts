import { useEffect, useState } from 'react';
import { useDebounced } from '../../shared/useDebounced';
import { useUrlFilters } from '../../shared/useUrlFilters';
import type { EventQuery } from './eventsApi';

export const ACTOR_KINDS = ['admin', 'auditor', 'institution', 'system'] as const;
export const EVENT_ORDERS = ['newest', 'oldest'] as const;
const TEXT_KEYS = ['stream', 'type', 'actorId'] as const;
type TextKey = (typeof TEXT_KEYS)[number];

/**
 * The event browser's filters and page in the URL (stream, type, actor kind and id, institution, from
 * and to, order, `after`: the keyset position a page starts after). Typed filters reach the URL once
 * typing pauses; any filter change goes back to the first page.
 */
export function useEventFilters() {
  const url = useUrlFilters({ order: 'newest' });
  const [texts, setTexts] = useState<Record<TextKey, string>>(() => ({
    stream: url.get('stream'),
    type: url.get('type'),
    actorId: url.get('actorId'),
  }));
  const typed = useDebounced(texts, 400);
  const { get, set } = url;
  useEffect(() => {
    const changed = TEXT_KEYS.filter((key) => typed[key].trim() !== get(key));
    if (changed.length > 0) set({ ...Object.fromEntries(changed.map((key) => [key, typed[key].trim() || null])), after: null });
  }, [typed, get, set]);
  const query: Required<Omit<EventQuery, 'limit'>> = {
    stream: get('stream'),
    type: get('type'),
    actorKind: url.oneOf('actorKind', ['', ...ACTOR_KINDS], ''),
    actorId: get('actorId'),
    institutionId: /^\d+$/.test(get('institution')) ? get('institution') : '',
    from: get('from'),
    to: get('to'),
    order: url.oneOf('order', EVENT_ORDERS, 'newest'),
    after: /^\d+$/.test(get('after')) ? get('after') : '',
  };
  const filtered = ['stream', 'type', 'actorKind', 'actorId', 'institution', 'from', 'to'].some((key) => get(key) !== '');
  return {
    query,
    texts,
    filtered,
    datesInOrder: query.from === '' || query.to === '' || query.from <= query.to,
    setText: (key: TextKey, value: string) => setTexts((current) => ({ ...current, [key]: value })),
    update: (changes: Record<string, string | null>) => set({ ...changes, after: null }),
    nextPage: (after: number) => set({ after: String(after) }, { push: true }),
    firstPage: () => set({ after: null }, { push: true }),
    clear: () => {
      setTexts({ stream: '', type: '', actorId: '' });
      url.clear();
    },
  };
}
