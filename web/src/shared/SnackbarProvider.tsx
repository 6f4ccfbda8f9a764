import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** Spec §9: snackbars hide after 6000 ms. */
export const SNACKBAR_MS = 6000;

type Message = { text: string; severity: AlertColor; key: number };
type ShowSnackbar = (text: string, severity?: AlertColor) => void;

const SnackbarContext = createContext<ShowSnackbar>(() => undefined);

/** One snackbar for the app; `useSnackbar()` shows a message in it. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<Message | null>(null);
  const show = useCallback<ShowSnackbar>((text, severity = 'success') => setMessage({ text, severity, key: Date.now() }), []);
  const value = useMemo(() => show, [show]);
  const close = () => setMessage(null);
  return (
    <SnackbarContext.Provider value={value}>
      {children}
      <Snackbar
        key={message?.key}
        open={message !== null}
        autoHideDuration={SNACKBAR_MS}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {message ? (
          <Alert severity={message.severity} variant="filled" onClose={close} sx={{ width: '100%' }}>
            {message.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </SnackbarContext.Provider>
  );
}

export const useSnackbar = (): ShowSnackbar => useContext(SnackbarContext);
