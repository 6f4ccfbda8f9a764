import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errorMessage';
import { PasswordField } from '../../../shared/PasswordField';
import { TextInput } from '../../../shared/TextInput';
import { useForm } from '../../../shared/useForm';
import { email, minLength, required, type Rule, type Schema } from '../../../shared/validation';
import type { AdminRole } from '../../../shared/types';
import { FormDialog } from '../common/FormDialog';
import { RoleField } from './RoleField';
import type { RoleLock } from './roleLock';
import { useCreateAdministratorMutation, useUpdateAdministratorMutation, type AdminForm, type Administrator } from './adminsApi';

/** Spec §5, Admin form: on edit a blank password keeps the current one. */
const rules = (creating: boolean): Schema<AdminForm> => ({
  name: [required('admin.admins.rules.nameRequired')],
  email: [required('admin.admins.rules.emailRequired'), email('admin.admins.rules.emailInvalid')],
  password: [
    ...(creating ? [required<AdminForm>('admin.admins.rules.passwordRequired')] : []),
    minLength(8, 'admin.admins.rules.passwordMin'),
  ],
  confirmPassword: [
    ...(creating ? [required<AdminForm>('admin.admins.rules.confirmRequired')] : []),
    {
      fails: (value, values) => (values.password !== '' || value !== '') && value !== values.password,
      message: 'admin.admins.rules.mismatch',
    } as Rule<AdminForm>,
  ],
});

type Props = {
  admin: Administrator | null;
  /** Why the edited account's role cannot change (null: it can; always null when creating). */
  roleLockedBy: RoleLock;
  onClose: (saved?: string) => void;
};

/** Create (admin null) or edit an administrator or auditor, with the account's role. */
export function AdminDialog({ admin, roleLockedBy, onClose }: Props) {
  const { t } = useTranslation();
  const creating = admin === null;
  const form = useForm<AdminForm>(
    { name: admin?.name ?? '', email: admin?.email ?? '', password: '', confirmPassword: '' },
    rules(creating),
  );
  const [create, creatingState] = useCreateAdministratorMutation();
  const [update, updatingState] = useUpdateAdministratorMutation();
  const busy = creatingState.isLoading || updatingState.isLoading;
  const [error, setError] = useState<string | null>(null);
  const [role, setRole] = useState<AdminRole>(admin?.role ?? 'administrator');

  const submit = async () => {
    setError(null);
    if (!form.validate()) return;
    // The role is sent when chosen or changed: an unchanged one (a locked one included) is left alone.
    const values = {
      ...form.values,
      name: form.values.name.trim(),
      email: form.values.email.trim(),
      ...(creating || role !== admin.role ? { role } : {}),
    };
    const result = creating ? await create(values) : await update({ id: admin.id, ...values });
    if (result.error) return setError(errorMessage(result.error, t(creating ? 'admin.admins.createFailed' : 'admin.admins.updateFailed')));
    onClose(t(creating ? 'admin.admins.created' : 'admin.admins.updated'));
  };

  return (
    <FormDialog
      title={t(creating ? 'admin.admins.createTitle' : 'admin.admins.editTitle')}
      submitLabel={t(creating ? 'admin.admins.create' : 'admin.admins.update')}
      busy={busy}
      error={error}
      onSubmit={submit}
      onCancel={() => onClose()}
    >
      <TextInput
        {...form.textProps('name')}
        id="admin-name"
        label={t('admin.admins.name')}
        required
        disabled={busy}
        helperText={form.message('name')}
      />
      <TextInput
        {...form.textProps('email')}
        id="admin-email-field"
        label={t('admin.admins.email')}
        type="email"
        autoComplete="off"
        required
        disabled={busy}
        helperText={form.message('email')}
      />
      <PasswordField
        {...form.textProps('password')}
        id="admin-password-field"
        label={t('admin.admins.password')}
        autoComplete="new-password"
        required={creating}
        disabled={busy}
        helperText={form.message('password') ?? (creating ? t('admin.admins.passwordHint') : t('admin.admins.passwordKeep'))}
      />
      <PasswordField
        {...form.textProps('confirmPassword')}
        id="admin-confirm-field"
        label={t('admin.admins.confirmPassword')}
        autoComplete="new-password"
        required={creating}
        disabled={busy}
        helperText={form.message('confirmPassword')}
      />
      <RoleField value={role} onChange={setRole} lockedBy={creating ? null : roleLockedBy} disabled={busy} />
    </FormDialog>
  );
}
