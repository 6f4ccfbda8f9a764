import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';
import type { SnackbarMessage } from './SnackbarView';

// The snackbar's code loads with its first message, not with every page.
const SnackbarView = lazy(() => import('./SnackbarView').then((module) => ({ default: module.SnackbarView })));

type ShowSnackbar = (text: string, severity?: SnackbarMessage['severity']) => void;

const SnackbarContext = createContext<ShowSnackbar>(() => undefined);

/** One snackbar for the app (6 s, spec §9); `useSnackbar()` shows a message in it. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<SnackbarMessage | null>(null);
  const show = useCallback<ShowSnackbar>((text, severity = 'success') => setMessage({ text, severity, key: Date.now() }), []);
  return (
    <SnackbarContext.Provider value={show}>
      {children}
      {message && (
        <Suspense fallback={null}>
          <SnackbarView message={message} onClose={() => setMessage(null)} />
        </Suspense>
      )}
    </SnackbarContext.Provider>
  );
}

export const useSnackbar = (): ShowSnackbar => useContext(SnackbarContext);
