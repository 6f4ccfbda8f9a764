import { useEffect, useState } from 'react';
import { useDebounced } from '../../../shared/useDebounced';
import { useUrlFilters } from '../../../shared/useUrlFilters';
import { AUDIT_ACTIONS } from './auditApi';

export const AUDIT_PAGE_SIZES = [20, 50, 100];

const whole = (value: string, fallback: number) => {
  const number = Number(value);
  return value !== '' && Number.isSafeInteger(number) && number >= 1 ? number : fallback;
};

/**
 * The audit trail's filters (dates, action, user) and paging, kept in the URL. The user box's text is
 * sent, trimmed, once typing pauses; dates out of order are flagged and not asked for.
 */
export function useAuditFilters() {
  const url = useUrlFilters();
  const dateFrom = url.get('from');
  const dateTo = url.get('to');
  const action = url.oneOf('action', AUDIT_ACTIONS, '');
  const page = whole(url.get('page'), 1);
  const asked = whole(url.get('limit'), 20);
  const limit = AUDIT_PAGE_SIZES.includes(asked) ? asked : 20;
  const [userText, setUserText] = useState(url.get('user'));
  const actor = useDebounced(userText.trim());
  const { set } = url;

  useEffect(() => {
    if (url.get('user') !== actor) set({ user: actor });
    // Only the settled search text writes the URL.
  }, [actor]);

  return {
    dateFrom,
    dateTo,
    action,
    page,
    limit,
    userText,
    setUserText,
    /** What the list and the export ask for, besides the page. */
    filters: { dateFrom, dateTo, action, actor },
    datesInOrder: dateFrom === '' || dateTo === '' || dateFrom <= dateTo,
    filtered: dateFrom !== '' || dateTo !== '' || action !== '' || actor !== '',
    /** Sets URL keys ('' removes one); a filter change returns to page 1, replacing the history entry. */
    update: (changes: Record<string, string>) => set(changes),
    /** Another page is a step Back returns from. */
    goToPage: (next: number) => set({ page: String(next) }, { push: true }),
    clear: () => {
      setUserText('');
      url.clear();
    },
  };
}
