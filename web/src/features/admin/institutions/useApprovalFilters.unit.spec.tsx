/**
 * @jest-environment ./test/support/jsdomWithFetch.ts
 */
import { renderHook } from '../../../test/renderHook';
import { useApprovalFilters } from './useApprovalFilters';

describe('useApprovalFilters', () => {
  it('shows the pending institutions unless the URL names another filter', async () => {
    expect((await renderHook(useApprovalFilters, '/')).current().status).toBe('pending');
    expect((await renderHook(useApprovalFilters, '/?status=rejected')).current().status).toBe('rejected');
    expect((await renderHook(useApprovalFilters, '/?status=deleted')).current().status).toBe('pending');
  });

  it('starts the search box from the URL', async () => {
    const hook = await renderHook(useApprovalFilters, '/?status=all&search=sahel');
    expect(hook.current()).toMatchObject({ status: 'all', search: 'sahel', searchText: 'sahel' });
    expect(hook.search().toString()).toBe('status=all&search=sahel');
  });

  it('puts the typed text in the URL, trimmed, once typing pauses, and takes it out when cleared', async () => {
    const hook = await renderHook(useApprovalFilters, '/?status=approved');
    await hook.act((filters) => filters.setSearchText('  Banque '));
    expect(hook.current().searchText).toBe('  Banque ');
    expect(hook.current().search).toBe('');
    expect(hook.search().get('search')).toBeNull();
    await hook.wait(350);
    expect(hook.current().search).toBe('Banque');
    expect(hook.search().toString()).toBe('status=approved&search=Banque');
    await hook.act((filters) => filters.setSearchText(''));
    await hook.wait(350);
    expect(hook.search().toString()).toBe('status=approved');
  });

  it('sets the chosen filter in the URL, keeping the search', async () => {
    const hook = await renderHook(useApprovalFilters, '/?search=caisse');
    await hook.act((filters) => filters.setStatus('all'));
    expect(hook.current().status).toBe('all');
    expect(hook.search().toString()).toBe('search=caisse&status=all');
  });
});
