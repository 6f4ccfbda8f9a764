/**
 * @jest-environment ./test/support/jsdomWithFetch.ts
 */
import { renderHook } from '../../test/renderHook';
import { useDashboardPeriod } from './useDashboardPeriod';

describe('useDashboardPeriod', () => {
  it('reads 30 days unless the URL names another period it knows', async () => {
    expect((await renderHook(useDashboardPeriod, '/')).current().period).toBe('30d');
    expect((await renderHook(useDashboardPeriod, '/?period=12m')).current().period).toBe('12m');
    expect((await renderHook(useDashboardPeriod, '/?period=5y')).current().period).toBe('30d');
  });

  it('writes the chosen period to the URL, and 30 days as none', async () => {
    const hook = await renderHook(useDashboardPeriod, '/');
    await hook.act((state) => state.setPeriod('7d'));
    expect(hook.current().period).toBe('7d');
    expect(hook.search().toString()).toBe('period=7d');
    await hook.act((state) => state.setPeriod('30d'));
    expect(hook.search().toString()).toBe('');
  });
});
