import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../shared/TextInput';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { errorMessage } from '../../api/errorMessage';
import { useAppDispatch } from '../../session/hooks';
import { completeSignIn } from '../../session/completeSignIn';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { loginRules, type LoginValues } from '../../shared/formRules';
import { PasswordField } from '../../shared/PasswordField';
import { RouterLink } from '../../shared/RouterLink';
import { useForm } from '../../shared/useForm';
import { useInstitutionLoginMutation } from './authApi';
import { AuthLayout } from './AuthLayout';

const initial: LoginValues = { email: '', password: '' };

/** Institution login at `/` (spec §2). */
export function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const state = location.state as { from?: string; reason?: string } | null;
  const form = useForm(initial, loginRules);
  const [keepSignedIn, setKeepSignedIn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [login, { isLoading }] = useInstitutionLoginMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!form.validate()) return;
    const result = await login({
      email: form.values.email.trim(),
      password: form.values.password,
      ...(keepSignedIn && { keepSignedIn: true }),
    });
    if (result.error) return setError(errorMessage(result.error, t('login.failed')));
    if (!completeSignIn(dispatch, result.data, 'institution', keepSignedIn)) setError(t('login.invalidToken'));
  };

  const notice =
    state?.reason === 'inactivity'
      ? t('login.signedOutInactivity')
      : state?.reason && state.reason !== 'logout'
        ? t('login.sessionEnded')
        : null;

  return (
    <AuthLayout
      title={t('login.heading')}
      subtitle={t('login.subheading')}
      footer={
        <Box
          component="nav"
          aria-label={t('login.legalLinks')}
          sx={{ display: 'flex', gap: 3, justifyContent: 'center', flexWrap: 'wrap' }}
        >
          <RouterLink to="/terms">{t('login.terms')}</RouterLink>
          <RouterLink to="/privacy">{t('login.privacy')}</RouterLink>
          <RouterLink to="/support">{t('login.support')}</RouterLink>
          <RouterLink to="/admin" state={state?.from ? { from: state.from } : undefined}>
            {t('login.adminLink')}
          </RouterLink>
        </Box>
      }
    >
      {notice && (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      <ErrorBanner message={error} onClose={() => setError(null)} />
      <Box component="form" noValidate onSubmit={submit}>
        <TextInput
          {...form.textProps('email')}
          id="login-email"
          label={t('login.email')}
          type="email"
          autoComplete="username"
          required
          helperText={form.errors.email && t(form.errors.email)}
        />
        <PasswordField
          {...form.textProps('password')}
          id="login-password"
          label={t('login.password')}
          autoComplete="current-password"
          required
          helperText={form.errors.password && t(form.errors.password)}
        />
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
          <FormControlLabel
            control={<Checkbox checked={keepSignedIn} onChange={(event) => setKeepSignedIn(event.target.checked)} />}
            label={t('login.keepSignedIn')}
          />
          <RouterLink to="/reset-password">{t('login.forgot')}</RouterLink>
        </Stack>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={isLoading} sx={{ mt: 2 }}>
          {isLoading ? t('login.submitting') : t('login.submit')}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('login.inactivityNote')}
      </Typography>
      <Typography sx={{ mt: 2 }}>
        {t('login.noAccount')} <RouterLink to="/register">{t('login.register')}</RouterLink>
      </Typography>
    </AuthLayout>
  );
}
