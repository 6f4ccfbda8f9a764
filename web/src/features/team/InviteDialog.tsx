import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errorMessage';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { FormField } from '../../shared/FormField';
import { useForm } from '../../shared/useForm';
import { email, minLength, required, type Schema } from '../../shared/validation';
import { useInviteMemberMutation, type MemberRole } from './teamApi';

type Values = { name: string; email: string; role: MemberRole };
const rules: Schema<Values> = {
  name: [required('validation.nameRequired'), minLength(2, 'validation.nameMin')],
  email: [required('validation.emailRequired'), email()],
};
const initial: Values = { name: '', email: '', role: 'analyst' };

type Props = { open: boolean; onClose: () => void; onInvited: (email: string) => void };

/** Invites a person by email with a role; the mail goes out in the page's language. */
export function InviteDialog({ open, onClose, onInvited }: Props) {
  const { t, i18n } = useTranslation();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const titleId = useId();
  const form = useForm<Values>(initial, rules);
  const [error, setError] = useState<string | null>(null);
  const [invite, { isLoading }] = useInviteMemberMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!form.validate()) return;
    const address = form.values.email.trim();
    const result = await invite({ name: form.values.name.trim(), email: address, role: form.values.role, language: i18n.language });
    if (result.error) return setError(errorMessage(result.error, t('team.inviteFailed')));
    form.setValue('name', '');
    form.setValue('email', '');
    onInvited(address);
  };

  return (
    <Dialog open={open} onClose={isLoading ? undefined : onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <Box
        component="form"
        noValidate
        onSubmit={(event: FormEvent) => void submit(event)}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
      >
        <DialogTitle id={titleId}>{t('team.inviteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('team.inviteIntro')}</DialogContentText>
          <ErrorBanner message={error} onClose={() => setError(null)} />
          <FormField
            form={form}
            field="name"
            id="invite-name"
            label={t('team.name')}
            busy={isLoading}
            htmlInput={{ autoComplete: 'off' }}
          />
          <FormField form={form} field="email" id="invite-email" label={t('team.email')} type="email" busy={isLoading} />
          <TextField
            id="invite-role"
            select
            fullWidth
            margin="normal"
            label={t('team.role')}
            value={form.values.role}
            disabled={isLoading}
            onChange={(event) => form.setValue('role', event.target.value as MemberRole)}
            helperText={t(`team.roleHelp.${form.values.role}`)}
            slotProps={{ select: { native: true } }}
          >
            <option value="analyst">{t('team.roles.analyst')}</option>
            <option value="uploader">{t('team.roles.uploader')}</option>
          </TextField>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isLoading}>
            {t('team.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? t('team.inviting') : t('team.sendInvitation')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
