import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errorMessage';
import { TextInput } from '../../../shared/TextInput';
import { useForm } from '../../../shared/useForm';
import { email, minLength, required, type Schema } from '../../../shared/validation';
import { FormDialog } from '../common/FormDialog';
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
  const form = useForm<Values>({ name: institution.name, email: institution.email }, rules);
  const [update, { isLoading: busy }] = useUpdateInstitutionMutation();
  const [error, setError] = useState<string | null>(null);
  const unchanged = form.values.name.trim() === institution.name && form.values.email.trim() === institution.email;

  const submit = async () => {
    setError(null);
    if (!form.validate()) return;
    const result = await update({ id: institution.id, name: form.values.name.trim(), email: form.values.email.trim() });
    if (result.error) return setError(errorMessage(result.error, t('admin.users.updateFailed')));
    onClose(t('admin.users.updated'));
  };

  return (
    <FormDialog
      title={t('admin.users.editTitle', { name: institution.name })}
      submitLabel={t('admin.common.save')}
      busy={busy}
      error={error}
      submitDisabled={unchanged}
      onSubmit={submit}
      onCancel={() => onClose()}
    >
      <TextInput
        {...form.textProps('name')}
        id="institution-name"
        label={t('admin.users.name')}
        required
        disabled={busy}
        helperText={form.errors.name && t(form.errors.name)}
      />
      <TextInput
        {...form.textProps('email')}
        id="institution-email"
        label={t('admin.users.email')}
        type="email"
        required
        disabled={busy}
        helperText={form.errors.email ? t(form.errors.email) : t('admin.users.emailHint')}
      />
    </FormDialog>
  );
}
