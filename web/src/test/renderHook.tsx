import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * Runs a hook inside a memory router at `url` (no store, no server): `current()` is what it returned on
 * its last render, `search()` the URL's query now. Run it in `./test/support/jsdomWithFetch.ts`.
 */
export async function renderHook<T>(hook: () => T, url = '/') {
  let latest: { value: T } | undefined;
  function Harness() {
    latest = { value: hook() };
    return null;
  }
  const router = createMemoryRouter([{ path: '*', Component: Harness }], { initialEntries: [url] });
  const container = document.createElement('div');
  const root = createRoot(container);
  await act(async () => root.render(<RouterProvider router={router} />));
  return {
    current: () => latest!.value,
    search: () => new URLSearchParams(router.state.location.search),
    /** Runs `action` (a setter the hook returned) and lets React and the router settle. */
    act: async (action: (value: T) => void) => act(async () => action(latest!.value)),
    /** Lets `ms` of real time pass (debounced values settle). */
    wait: (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms))),
    unmount: () => act(() => root.unmount()),
  };
}
