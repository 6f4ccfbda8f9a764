import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { TextInput } from '../../shared/TextInput';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/errorMessage';
import { ErrorBanner } from '../../shared/ErrorBanner';
import {
  formatCountdown,
  newPasswordRules,
  RESET_CODE_LENGTH,
  RESET_CODE_SECONDS,
  RESET_REDIRECT_MS,
  resetEmailRules,
  type NewPasswordValues,
  type ResetEmailValues,
} from '../../shared/formRules';
import { RouterLink } from '../../shared/RouterLink';
import { useForm } from '../../shared/useForm';
import { useRequestResetCodeMutation, useSetNewPasswordMutation, useVerifyResetCodeMutation } from './authApi';
import { AuthLayout } from './AuthLayout';
import { CodeBoxes } from './CodeBoxes';
import { NewPasswordFields } from './NewPasswordFields';
import { useCountdown } from './useCountdown';

type WizardStep = 'email' | 'code' | 'password' | 'done';
const STEPS: WizardStep[] = ['email', 'code', 'password', 'done'];
const emptyCode = () => Array.from({ length: RESET_CODE_LENGTH }, () => '');

/** The four-step password reset at `/reset-password`, against the real API. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<WizardStep>('email');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const emailForm = useForm<ResetEmailValues>({ email: '' }, resetEmailRules);
  const passwordForm = useForm<NewPasswordValues>({ newPassword: '', confirmPassword: '' }, newPasswordRules);
  const [digits, setDigits] = useState<string[]>(emptyCode);
  const [codeInvalid, setCodeInvalid] = useState(false);
  const [deadline, setDeadline] = useState<number | null>(null);
  const secondsLeft = useCountdown(deadline);
  const heading = useRef<HTMLHeadingElement>(null);
  const [requestCode, requestState] = useRequestResetCodeMutation();
  const [verifyCode, verifyState] = useVerifyResetCodeMutation();
  const [setNewPassword, setState] = useSetNewPasswordMutation();
  const email = emailForm.values.email.trim();
  const code = digits.join('');

  useEffect(() => {
    if (step !== 'done') return;
    const timer = window.setTimeout(() => navigate('/', { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [step, navigate]);

  const goTo = (next: WizardStep) => {
    setError(null);
    setStep(next);
    requestAnimationFrame(() => (next === 'code' ? document.getElementById('reset-digit-0') : heading.current)?.focus());
  };

  const sendCode = async (resend: boolean) => {
    setError(null);
    setInfo(null);
    const result = await requestCode({ email });
    if (result.error) return setError(errorMessage(result.error, t('reset.failed')));
    const seconds = result.data.data?.expiresInSeconds ?? RESET_CODE_SECONDS;
    setDeadline(Date.now() + seconds * 1000);
    setDigits(emptyCode());
    setCodeInvalid(false);
    if (resend) setInfo(t('reset.resent'));
    else goTo('code');
  };

  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    if (emailForm.validate()) void sendCode(false);
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!/^\d{6}$/.test(code)) {
      setCodeInvalid(true);
      return setError(t('validation.codeIncomplete'));
    }
    const result = await verifyCode({ email, code });
    if (result.error) {
      setCodeInvalid(true);
      return setError(errorMessage(result.error, t('reset.failed')));
    }
    setInfo(null);
    goTo('password');
  };

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!passwordForm.validate()) return;
    const result = await setNewPassword({ email, code, ...passwordForm.values });
    if (result.error) return setError(errorMessage(result.error, t('reset.failed')));
    goTo('done');
  };

  const stepIndex = STEPS.indexOf(step);
  return (
    <AuthLayout title={t('reset.heading')}>
      <Stepper activeStep={stepIndex} alternativeLabel sx={{ mb: 3 }}>
        {STEPS.map((name) => (
          <Step key={name} completed={STEPS.indexOf(name) < stepIndex || step === 'done'}>
            <StepLabel>{t(`reset.steps.${name}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <ErrorBanner message={error} onClose={() => setError(null)} />
      {info && (
        <Alert
          severity="success"
          role="status"
          sx={{ mb: 2 }}
          onClose={() => setInfo(null)}
          slotProps={{ closeButton: { title: t('common.close') } }}
        >
          {info}
        </Alert>
      )}

      {step === 'email' && (
        <Box component="form" noValidate onSubmit={submitEmail}>
          <Typography ref={heading} tabIndex={-1} color="text.secondary" sx={{ outline: 'none' }}>
            {t('reset.emailIntro')}
          </Typography>
          <TextInput
            {...emailForm.textProps('email')}
            id="reset-email"
            label={t('reset.email')}
            type="email"
            autoComplete="email"
            required
            helperText={emailForm.errors.email && t(emailForm.errors.email)}
          />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={requestState.isLoading} sx={{ mt: 2 }}>
            {requestState.isLoading ? t('reset.sending') : t('reset.send')}
          </Button>
        </Box>
      )}

      {step === 'code' && (
        <Box component="form" noValidate onSubmit={submitCode}>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('reset.codeIntro', { email })}
          </Typography>
          <CodeBoxes
            digits={digits}
            onChange={(next) => {
              setDigits(next);
              setCodeInvalid(false);
            }}
            invalid={codeInvalid}
          />
          <Typography role="timer" aria-live="off" sx={{ textAlign: 'center', fontWeight: 600, mb: 1 }}>
            {t('reset.expiresIn', { time: formatCountdown(secondsLeft) })}
          </Typography>
          {secondsLeft === 0 && (
            <Box sx={{ textAlign: 'center' }}>
              <Typography color="text.secondary" sx={{ mb: 1 }}>
                {t('reset.expired')}
              </Typography>
              <Button variant="outlined" onClick={() => void sendCode(true)} disabled={requestState.isLoading}>
                {requestState.isLoading ? t('reset.sending') : t('reset.resend')}
              </Button>
            </Box>
          )}
          <Button type="submit" variant="contained" size="large" fullWidth disabled={verifyState.isLoading} sx={{ mt: 2 }}>
            {verifyState.isLoading ? t('reset.verifying') : t('reset.verify')}
          </Button>
        </Box>
      )}

      {step === 'password' && (
        <Box component="form" noValidate onSubmit={submitPassword}>
          <Typography ref={heading} tabIndex={-1} color="text.secondary" sx={{ outline: 'none' }}>
            {t('reset.passwordIntro')}
          </Typography>
          <NewPasswordFields
            form={passwordForm}
            id="reset"
            labels={{ password: t('reset.newPassword'), confirm: t('reset.confirmPassword') }}
          />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={setState.isLoading} sx={{ mt: 2 }}>
            {setState.isLoading ? t('reset.submitting') : t('reset.submit')}
          </Button>
        </Box>
      )}

      {step === 'done' && (
        <Box role="status" sx={{ textAlign: 'center', py: 2 }}>
          <Typography ref={heading} tabIndex={-1} variant="h2" component="h2" sx={{ color: 'success.main', mb: 1, outline: 'none' }}>
            {t('reset.success')}
          </Typography>
          <Typography color="text.secondary">{t('reset.successBody')}</Typography>
        </Box>
      )}

      <Typography sx={{ mt: 3 }}>
        <RouterLink to="/">{t('reset.returnToLogin')}</RouterLink>
      </Typography>
    </AuthLayout>
  );
}
