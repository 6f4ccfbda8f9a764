import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errorMessage';
import { TextInput } from '../../../shared/TextInput';
import { useForm } from '../../../shared/useForm';
import { email, minLength, required, type Schema } from '../../../shared/validation';
import { useFullScreenDialog } from '../common/useFullScreenDialog';
import { useUpdateInstitutionMutation, type Institution } from './institutionsApi';

type Values = { name: string; email: string };
/** The registration form's rules for the two fields an administrator may change. */
const rules: Schema<Values> = {
  name: [required('validation.nameRequired'), minLength(2, 'validation.nameMin')],
  email: [required('validation.emailRequired'), email()],
};

type Props = { institution: Institution; onClose: (saved?: string) => void };

/** Edit an institution's name and email (user management). */
export function InstitutionEditDialog({ institution, onClose }: Props) {
  const { t } = useTranslation();
  const fullScreen = useFullScreenDialog();
  const form = useForm<Values>({ name: institution.name, email: institution.email }, rules);
  const [update, { isLoading }] = useUpdateInstitutionMutation();
  const [error, setError] = useState<string | null>(null);
  const unchanged = form.values.name.trim() === institution.name && form.values.email.trim() === institution.email;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!form.validate()) return;
    const result = await update({ id: institution.id, name: form.values.name.trim(), email: form.values.email.trim() });
    if (result.error) return setError(errorMessage(result.error, t('admin.users.updateFailed')));
    onClose(t('admin.users.updated'));
  };

  return (
    <Dialog
      open
      onClose={isLoading ? undefined : () => onClose()}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="institution-edit-title"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="institution-edit-title">{t('admin.users.editTitle', { name: institution.name })}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {error}
            </Alert>
          )}
          <TextInput
            {...form.textProps('name')}
            id="institution-name"
            label={t('admin.users.name')}
            required
            disabled={isLoading}
            helperText={form.errors.name && t(form.errors.name)}
          />
          <TextInput
            {...form.textProps('email')}
            id="institution-email"
            label={t('admin.users.email')}
            type="email"
            required
            disabled={isLoading}
            helperText={form.errors.email ? t(form.errors.email) : t('admin.users.emailHint')}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => onClose()} disabled={isLoading}>
            {t('admin.common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading || unchanged}>
            {isLoading ? t('admin.common.saving') : t('admin.common.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
