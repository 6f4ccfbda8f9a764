import { ThemeProvider } from '@mui/material/styles';
import { act, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { baseApi } from '../api/baseApi';
import { i18n, i18nReady } from '../app/i18n';
import { store } from '../app/store';
import { theme } from '../app/theme';
import type { AdminRole } from '../shared/types';
import { sessionEnded, signedIn, userFromClaims, type SignedInUser } from '../session/sessionSlice';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const base64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A token the app reads as a live session of this role (the mocked server never checks its signature). */
export function sessionToken(role: 'admin' | 'institution', id = 1, adminRole?: AdminRole): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    id,
    name: role === 'admin' ? 'Ada Admin' : 'Banque Test',
    email: `${role}@credit.test`,
    role,
    is_admin: role === 'admin',
    is_active: true,
    ...(adminRole ? { admin_role: adminRole } : {}),
    iat: now,
    exp: now + 3600,
  };
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(claims))}.signature`;
}

export type RenderedPage = {
  container: HTMLElement;
  router: ReturnType<typeof createMemoryRouter>;
  /** The current URL's query, as the page wrote it. */
  search: () => URLSearchParams;
  unmount: () => void;
};

/**
 * The real page in the real app's store, router and API slice, signed in as `role` (or signed out), at `url`
 * (its route pattern `path`); every request goes through fetch, where MSW answers it.
 */
export async function renderPage(
  Page: ComponentType,
  {
    path,
    url,
    role,
    adminRole,
    otherRoutes = [],
  }: {
    path: string;
    url: string;
    /** null: signed out. */
    role: SignedInUser['role'] | null;
    adminRole?: AdminRole;
    /** Other pages the page links to (a stand-in is enough to follow a link). */
    otherRoutes?: { path: string; Component: ComponentType }[];
  },
): Promise<RenderedPage> {
  await i18nReady;
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  const token = role && sessionToken(role, 1, adminRole);
  act(() => {
    store.dispatch(sessionEnded(null));
    store.dispatch(baseApi.util.resetApiState());
    if (token) {
      const decoded = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
      store.dispatch(signedIn({ token, user: userFromClaims(decoded) }));
    }
  });
  const router = createMemoryRouter([{ path, Component: Page }, ...otherRoutes], { initialEntries: [url] });
  const container = document.createElement('div');
  document.body.appendChild(container);
  let root: Root | undefined;
  await act(async () => {
    root = createRoot(container);
    root.render(
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          <RouterProvider router={router} />
        </ThemeProvider>
      </Provider>,
    );
  });
  return {
    container,
    router,
    search: () => new URLSearchParams(router.state.location.search),
    unmount: () => {
      act(() => root?.unmount());
      container.remove();
    },
  };
}
