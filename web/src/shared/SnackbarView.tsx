import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

/** Spec §9: snackbars hide after 6000 ms. */
export const SNACKBAR_MS = 6000;

export type SnackbarMessage = { text: string; severity: AlertColor; key: number };

type Props = { message: SnackbarMessage; onClose: () => void };

export function SnackbarView({ message, onClose }: Props) {
  return (
    <Snackbar
      key={message.key}
      open
      autoHideDuration={SNACKBAR_MS}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={message.severity} variant="filled" onClose={onClose} sx={{ width: '100%' }}>
        {message.text}
      </Alert>
    </Snackbar>
  );
}
