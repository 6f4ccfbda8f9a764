import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import './i18n';
import { router } from './router';
import { store } from './store';
import { emotionCache, theme } from './styleEngine';
import { appGlobalStyles } from './globalStyles';
import { startStoredSession } from './startStoredSession';

// Normally started already by main.ts, before the router was evaluated.
startStoredSession();

/** Mounts the app. */
// A transition lets React render in slices, so the first render never blocks input for long.
const root = createRoot(document.getElementById('root') as HTMLElement);
startTransition(() =>
  root.render(
    <StrictMode>
      <Provider store={store}>
        <CacheProvider value={emotionCache}>
          <ThemeProvider theme={theme}>
            <CssBaseline />
            <GlobalStyles styles={appGlobalStyles} />
            <Suspense fallback={null}>
              <RouterProvider router={router} />
            </Suspense>
          </ThemeProvider>
        </CacheProvider>
      </Provider>
    </StrictMode>,
  ),
);
