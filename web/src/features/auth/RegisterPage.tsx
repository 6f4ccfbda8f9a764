import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { TextInput } from '../../shared/TextInput';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/errorMessage';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { registerRules, type RegisterValues } from '../../shared/formRules';
import { PasswordField } from '../../shared/PasswordField';
import { RouterLink } from '../../shared/RouterLink';
import { useForm } from '../../shared/useForm';
import { useRegisterInstitutionMutation } from './authApi';
import { AuthLayout } from './AuthLayout';

const initial: RegisterValues = { name: '', email: '', password: '', confirmPassword: '', terms: false };

/** Institution registration at `/register`: the account starts inactive, pending approval. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm(initial, registerRules);
  const [error, setError] = useState<string | null>(null);
  const [register, { isLoading }] = useRegisterInstitutionMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!form.validate()) return;
    const { name, email, password, confirmPassword } = form.values;
    const result = await register({ name: name.trim(), email: email.trim(), password, confirmPassword });
    if (result.error) return setError(errorMessage(result.error, t('register.failed')));
    window.alert(t('register.success', { email: email.trim() }));
    navigate('/', { replace: true });
  };

  return (
    <AuthLayout title={t('register.heading')} subtitle={t('register.subheading')} width="sm">
      <ErrorBanner message={error} onClose={() => setError(null)} />
      <Box component="form" noValidate onSubmit={submit}>
        <TextInput
          {...form.textProps('name')}
          id="register-name"
          label={t('register.name')}
          autoComplete="organization"
          required
          helperText={form.message('name')}
        />
        <TextInput
          {...form.textProps('email')}
          id="register-email"
          label={t('register.email')}
          type="email"
          autoComplete="email"
          required
          helperText={form.message('email')}
        />
        <PasswordField
          {...form.textProps('password')}
          id="register-password"
          label={t('register.password')}
          autoComplete="new-password"
          required
          helperText={form.message('password')}
        />
        <PasswordField
          {...form.textProps('confirmPassword')}
          id="register-confirm-password"
          label={t('register.confirmPassword')}
          autoComplete="new-password"
          required
          helperText={form.message('confirmPassword')}
        />
        <FormControl error={form.errors.terms !== undefined} sx={{ mt: 1 }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={form.values.terms}
                onChange={(event) => form.setValue('terms', event.target.checked)}
                onBlur={() => form.blur('terms')}
                slotProps={{
                  input: (form.errors.terms !== undefined
                    ? { 'aria-invalid': true, 'aria-describedby': 'register-terms-error' }
                    : {}) as object,
                }}
              />
            }
            label={
              // The links open beside the form, so reading the terms does not lose what was typed.
              <Trans
                i18nKey="register.terms"
                components={{
                  terms: <RouterLink to="/terms" target="_blank" rel="noopener" />,
                  privacy: <RouterLink to="/privacy" target="_blank" rel="noopener" />,
                }}
              />
            }
          />
          {form.errors.terms && <FormHelperText id="register-terms-error">{t(form.errors.terms)}</FormHelperText>}
        </FormControl>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={isLoading} sx={{ mt: 2 }}>
          {isLoading ? t('register.submitting') : t('register.submit')}
        </Button>
      </Box>
      <Typography sx={{ mt: 3 }}>
        <RouterLink to="/">{t('register.signIn')}</RouterLink>
      </Typography>
    </AuthLayout>
  );
}
