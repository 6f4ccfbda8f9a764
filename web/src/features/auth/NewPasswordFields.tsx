import { useTranslation } from 'react-i18next';
import type { NewPasswordValues } from '../../shared/formRules';
import { PasswordField } from '../../shared/PasswordField';
import type { useForm } from '../../shared/useForm';
import { PasswordRules } from './PasswordRules';

type Props = {
  form: ReturnType<typeof useForm<NewPasswordValues>>;
  /** Prefix of the fields' ids. */
  id: string;
  labels: { password: string; confirm: string };
};

/** A new password under the registration's rules and its confirmation, as resetting a password and accepting an invitation ask for them. */
export function NewPasswordFields({ form, id, labels }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        {...form.textProps('newPassword')}
        id={`${id}-password`}
        label={labels.password}
        autoComplete="new-password"
        required
        helperText={form.errors.newPassword && t(form.errors.newPassword)}
      />
      <PasswordRules password={form.values.newPassword} />
      <PasswordField
        {...form.textProps('confirmPassword')}
        id={`${id}-confirm-password`}
        label={labels.confirm}
        autoComplete="new-password"
        required
        helperText={form.errors.confirmPassword && t(form.errors.confirmPassword)}
      />
    </>
  );
}
