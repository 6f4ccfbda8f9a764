import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFullScreenDialog } from './useFullScreenDialog';

type Props = {
  title: string;
  /** The fields; the server's refusal is shown above them. */
  children: ReactNode;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  /** Keeps Save disabled, e.g. while nothing has changed. */
  submitDisabled?: boolean;
  maxWidth?: 'sm' | 'md';
  onSubmit: () => void | Promise<void>;
  onCancel: () => void;
};

/**
 * An admin form in a dialog: full screen on a phone, only the content scrolls (the title and buttons stay in
 * view), Cancel and the submit button disabled and the latter relabelled while busy, and no closing meanwhile.
 */
export function FormDialog({
  title,
  children,
  submitLabel,
  busy,
  error,
  submitDisabled = false,
  maxWidth = 'sm',
  onSubmit,
  onCancel,
}: Props) {
  const { t } = useTranslation();
  const fullScreen = useFullScreenDialog();
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <Dialog open onClose={busy ? undefined : onCancel} fullScreen={fullScreen} fullWidth maxWidth={maxWidth} aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {error}
            </Alert>
          )}
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onCancel} disabled={busy}>
            {t('admin.common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || submitDisabled}>
            {busy ? t('admin.common.saving') : submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
