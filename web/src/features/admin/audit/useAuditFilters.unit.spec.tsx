/**
 * @jest-environment ./test/support/jsdomWithFetch.ts
 */
import { renderHook } from '../../../test/renderHook';
import { useAuditFilters } from './useAuditFilters';

describe('useAuditFilters', () => {
  it('reads the filters and paging from the URL, refusing what it cannot use', async () => {
    const hook = await renderHook(useAuditFilters, '/?from=2026-01-01&to=2026-02-01&action=login&user=ada&page=3&limit=50');
    expect(hook.current()).toMatchObject({ page: 3, limit: 50, datesInOrder: true, filtered: true, userText: 'ada' });
    expect(hook.current().filters).toEqual({ dateFrom: '2026-01-01', dateTo: '2026-02-01', action: 'login', actor: 'ada' });
    const odd = await renderHook(useAuditFilters, '/?action=teleport&page=1.5&limit=33');
    expect(odd.current()).toMatchObject({ page: 1, limit: 20, filtered: false });
    expect(odd.current().filters.action).toBe('');
  });

  it('flags dates out of order', async () => {
    const hook = await renderHook(useAuditFilters, '/?from=2026-03-01&to=2026-02-01');
    expect(hook.current().datesInOrder).toBe(false);
  });

  it('sends a filter change back to page 1, and keeps the page when paging', async () => {
    const hook = await renderHook(useAuditFilters, '/?page=4');
    await hook.act((state) => state.update({ action: 'approve' }));
    expect(hook.search().toString()).toBe('action=approve');
    await hook.act((state) => state.goToPage(2));
    expect(hook.search().toString()).toBe('action=approve&page=2');
    await hook.act((state) => state.update({ limit: '100' }));
    expect(hook.search().toString()).toBe('action=approve&limit=100');
  });

  it('writes the typed user, trimmed, once typing pauses; Clear empties the URL and the box', async () => {
    const hook = await renderHook(useAuditFilters, '/?page=2');
    expect(hook.search().get('page')).toBe('2');
    await hook.act((state) => state.setUserText(' ada '));
    await hook.wait(350);
    expect(hook.search().toString()).toBe('user=ada');
    expect(hook.current().filters.actor).toBe('ada');
    await hook.act((state) => state.clear());
    expect(hook.search().toString()).toBe('');
    expect(hook.current().userText).toBe('');
  });
});
