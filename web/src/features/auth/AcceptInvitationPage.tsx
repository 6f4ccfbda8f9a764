import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/errorMessage';
import { messageOf } from '../../api/positionOf';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { newPasswordRules, type NewPasswordValues } from '../../shared/formRules';
import { RouterLink } from '../../shared/RouterLink';
import { useForm } from '../../shared/useForm';
import { AuthLayout } from './AuthLayout';
import { invitationProblem, looksLikeInvitationToken, type InvitationProblem } from './invitationProblem';
import { useAcceptInvitationMutation } from './invitationApi';
import { NewPasswordFields } from './NewPasswordFields';

/** The page an invitation mail's link opens (`/accept-invitation?token=`): the invited person sets a password, then signs in. */
export function AcceptInvitationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const form = useForm<NewPasswordValues>({ newPassword: '', confirmPassword: '' }, newPasswordRules);
  const [accept, { isLoading }] = useAcceptInvitationMutation();
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<InvitationProblem | null>(looksLikeInvitationToken(token) ? null : 'invalid');
  const [joined, setJoined] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!form.validate()) return;
    const result = await accept({ token, password: form.values.newPassword, confirmPassword: form.values.confirmPassword });
    if (result.error) {
      const found = invitationProblem(messageOf(result.error));
      return found ? setProblem(found) : setError(errorMessage(result.error, t('invitation.failed')));
    }
    setJoined(result.data.data?.name ?? '');
  };

  if (problem)
    return (
      <AuthLayout title={t(`invitation.problems.${problem}.title`)}>
        <Alert severity={problem === 'used' ? 'info' : 'error'} sx={{ mb: 2 }}>
          {t(`invitation.problems.${problem}.body`)}
        </Alert>
        <Button component={Link} to="/" variant="contained" fullWidth size="large">
          {t('invitation.goToSignIn')}
        </Button>
      </AuthLayout>
    );

  if (joined !== null)
    return (
      <AuthLayout title={t('invitation.doneTitle')}>
        <Box role="status" sx={{ mb: 2 }}>
          <Typography>{t('invitation.doneBody', { name: joined })}</Typography>
        </Box>
        <Button component={Link} to="/" variant="contained" fullWidth size="large">
          {t('invitation.signIn')}
        </Button>
      </AuthLayout>
    );

  return (
    <AuthLayout title={t('invitation.heading')} subtitle={t('invitation.subheading')}>
      <ErrorBanner message={error} onClose={() => setError(null)} />
      <Box component="form" noValidate onSubmit={(event: FormEvent) => void submit(event)}>
        <NewPasswordFields
          form={form}
          id="invitation"
          labels={{ password: t('invitation.password'), confirm: t('invitation.confirmPassword') }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={isLoading} sx={{ mt: 2 }}>
          {isLoading ? t('invitation.submitting') : t('invitation.submit')}
        </Button>
      </Box>
      <Typography sx={{ mt: 3 }}>
        <RouterLink to="/">{t('invitation.haveAccount')}</RouterLink>
      </Typography>
    </AuthLayout>
  );
}
