import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFullScreenDialog } from '../common/useFullScreenDialog';

type Props = { institutionName: string | null; busy: boolean; onCancel: () => void; onConfirm: (reason: string) => void };

/** The rejection reason box (spec §5, Rejection): required after trimming; Confirm Rejection disabled while empty. */
export function RejectDialog({ institutionName, busy, onCancel, onConfirm }: Props) {
  const { t } = useTranslation();
  const fullScreen = useFullScreenDialog();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const empty = reason.trim() === '';
  const close = () => {
    if (busy) return;
    setReason('');
    setTouched(false);
    onCancel();
  };
  return (
    <Dialog open={institutionName !== null} onClose={close} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="reject-title">
      <DialogTitle id="reject-title">{t('admin.approvals.rejectTitle')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>{t('admin.approvals.rejectIntro', { name: institutionName ?? '' })}</Typography>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={3}
          margin="normal"
          id="reject-reason"
          label={t('admin.approvals.rejectReason')}
          value={reason}
          required
          disabled={busy}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && empty}
          helperText={touched && empty ? t('admin.approvals.reasonRequired') : t('admin.approvals.reasonHint')}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={busy}>
          {t('admin.common.cancel')}
        </Button>
        <Button variant="contained" color="error" disabled={empty || busy} onClick={() => onConfirm(reason.trim())}>
          {busy ? t('admin.approvals.rejecting') : t('admin.approvals.confirmReject')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
