import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { TextInput } from '../../shared/TextInput';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errorMessage';
import { useAppDispatch } from '../../session/hooks';
import { completeSignIn } from '../../session/completeSignIn';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { loginRules, type LoginValues } from '../../shared/formRules';
import { PasswordField } from '../../shared/PasswordField';
import { RouterLink } from '../../shared/RouterLink';
import { useForm } from '../../shared/useForm';
import { useAdminLoginMutation } from './authApi';
import { AuthLayout } from './AuthLayout';

const initial: LoginValues = { email: '', password: '' };

/** Admin login at `/admin` and `/admin/login` (the target of the admin logout). */
export function AdminLoginPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const form = useForm(initial, loginRules);
  const [error, setError] = useState<string | null>(null);
  const [login, { isLoading }] = useAdminLoginMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!form.validate()) return;
    const result = await login({ email: form.values.email.trim(), password: form.values.password });
    if (result.error) return setError(errorMessage(result.error, t('login.failed')));
    if (!completeSignIn(dispatch, result.data, 'admin', false)) setError(t('login.invalidToken'));
  };

  return (
    <AuthLayout title={t('adminLogin.heading')} subtitle={t('adminLogin.subheading')}>
      <ErrorBanner message={error} onClose={() => setError(null)} />
      <Box component="form" noValidate onSubmit={submit}>
        <TextInput
          {...form.textProps('email')}
          id="admin-email"
          label={t('adminLogin.email')}
          type="email"
          autoComplete="username"
          required
          helperText={form.errors.email && t(form.errors.email)}
        />
        <PasswordField
          {...form.textProps('password')}
          id="admin-password"
          label={t('adminLogin.password')}
          autoComplete="current-password"
          required
          helperText={form.errors.password && t(form.errors.password)}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={isLoading} sx={{ mt: 2 }}>
          {isLoading ? t('adminLogin.submitting') : t('adminLogin.submit')}
        </Button>
      </Box>
      <Typography sx={{ mt: 3 }}>
        <RouterLink to="/">{t('adminLogin.institutionLink')}</RouterLink>
      </Typography>
    </AuthLayout>
  );
}
