/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { TextDecoder, TextEncoder } from 'util';
import type * as ReactRouter from 'react-router';
import type * as UrlFilters from './useUrlFilters';

// jest's jsdom hides Node's TextEncoder, which react-router reads when it loads: put back first.
Object.assign(globalThis, { TextEncoder, TextDecoder });
const { MemoryRouter, useLocation, useNavigationType } = require('react-router') as typeof ReactRouter;
const { useUrlFilters } = require('./useUrlFilters') as typeof UrlFilters;

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Filters = ReturnType<typeof UrlFilters.useUrlFilters>;

describe('useUrlFilters', () => {
  let root: Root;
  let filters: Filters;
  let location = '';
  let historyAction = '';
  let url = '';

  function Harness() {
    filters = useUrlFilters({ period: '30d', status: 'all' });
    location = useLocation().search;
    historyAction = useNavigationType();
    return null;
  }

  const render = () =>
    root.render(
      <MemoryRouter initialEntries={[url]}>
        <Harness />
      </MemoryRouter>,
    );
  const open = (at: string) => {
    url = at;
    act(() => {
      root = createRoot(document.createElement('div'));
      render();
    });
  };
  const search = () => location;

  afterEach(() => act(() => root.unmount()));

  it('should read a key from the URL, else its default, else an empty string', () => {
    open('/list?q=atlantique&status=active');
    expect(filters.get('q')).toBe('atlantique');
    expect(filters.get('status')).toBe('active');
    expect(filters.get('period')).toBe('30d');
    expect(filters.get('from')).toBe('');
  });

  it('should fall back when a hand-edited URL names a value that does not exist', () => {
    open('/list?status=bogus');
    expect(filters.oneOf('status', ['all', 'active', 'inactive'] as const, 'all')).toBe('all');
    act(() => filters.set({ status: 'inactive' }));
    expect(filters.oneOf('status', ['all', 'active', 'inactive'] as const, 'all')).toBe('inactive');
  });

  it('should write values, and leave a key out of the URL when set to empty, null or its default', () => {
    open('/list?q=a&period=7d&status=active');
    act(() => filters.set({ q: '', period: '30d', status: null, min: 5000 }));
    expect(search()).toBe('?min=5000');
  });

  it('should send the list back to page 1 on any change but a page change', () => {
    open('/list?page=3&q=a');
    act(() => filters.set({ page: 4 }));
    expect(search()).toBe('?page=4&q=a');
    act(() => filters.set({ q: 'b' }));
    expect(search()).toBe('?q=b');
  });

  it('should replace the history entry unless asked to push one', () => {
    open('/list');
    act(() => filters.set({ q: 'a' }));
    expect(historyAction).toBe('REPLACE');
    act(() => filters.set({ page: 2 }, { push: true }));
    expect(historyAction).toBe('PUSH');
    expect(search()).toBe('?q=a&page=2');
  });

  it('should clear the given keys, or every key', () => {
    open('/list?q=a&from=2026-01-01&page=2&view=clients');
    act(() => filters.clear(['q', 'from']));
    expect(search()).toBe('?view=clients');
    act(() => filters.clear());
    expect(search()).toBe('');
  });

  it('should keep a change made before the previous one rendered (a fast second click)', () => {
    open('/list?q=a&page=3');
    act(() => {
      filters.set({ size: 20 });
      filters.set({ sort: 'credit_limit' });
      filters.set({ page: 2 }, { push: true });
    });
    expect(search()).toBe('?q=a&size=20&sort=credit_limit&page=2');
    act(() => {
      filters.set({ q: null });
      filters.clear();
    });
    expect(search()).toBe('');
  });

  it('should keep a change made by a handler from an older render (one component not drawn again since)', () => {
    open('/list?q=a');
    const drawnFirst = filters; // a component last rendered at the first location
    act(() => filters.set({ page: 2 }, { push: true }));
    const drawnSecond = filters;
    act(() => {
      drawnFirst.set({ size: 20 }); // Rows per page, from the older render
      drawnSecond.set({ sort: 'credit_limit' }); // a sort, before the page size's location has rendered
    });
    expect(search()).toBe('?q=a&size=20&sort=credit_limit');
  });

  it('should build on the URL as rendered once a new location rendered, even one with the same key', () => {
    open('/list');
    act(() => filters.set({ q: 'a' })); // written over the first location, whose key is "default"
    act(() => root.unmount());
    open('/list?status=active'); // a new visit, its first location's key "default" again
    act(() => filters.set({ period: '7d' }));
    expect(search()).toBe('?status=active&period=7d');
  });

  it('should keep what it returns while the URL does not change, so effects may depend on it', () => {
    open('/list?q=a');
    const first = filters;
    act(render);
    expect(filters).toBe(first);
  });
});
