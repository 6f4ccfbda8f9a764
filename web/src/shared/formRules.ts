import { email, matches, minLength, required, sameAs, type Schema } from './validation';

export type LoginValues = { email: string; password: string };
export const loginRules: Schema<LoginValues> = {
  email: [required('validation.emailRequired'), email()],
  password: [required('validation.passwordRequired')],
};

export type RegisterValues = { name: string; email: string; password: string; confirmPassword: string; terms: boolean };
export const registerRules: Schema<RegisterValues> = {
  name: [required('validation.nameRequired'), minLength(2, 'validation.nameMin')],
  email: [required('validation.emailRequired'), email()],
  password: [required('validation.passwordRequired'), minLength(8, 'validation.passwordMin')],
  confirmPassword: [required('validation.confirmRequired'), sameAs('password', 'validation.passwordsMismatch')],
  terms: [required('validation.termsRequired')],
};

export type ResetEmailValues = { email: string };
export const resetEmailRules: Schema<ResetEmailValues> = { email: [required('validation.emailRequired'), email()] };

/** Reset step 3: all four listed rules and the confirmation are enforced (PRODUCT.md). */
export const PASSWORD_STRENGTH = [
  { label: 'reset.ruleLength', pattern: /^.{8,}$/s, message: 'validation.passwordMin' },
  { label: 'reset.ruleUppercase', pattern: /[A-Z]/, message: 'validation.passwordUppercase' },
  { label: 'reset.ruleNumber', pattern: /[0-9]/, message: 'validation.passwordNumber' },
  { label: 'reset.ruleSpecial', pattern: /[^A-Za-z0-9]/, message: 'validation.passwordSpecial' },
] as const;

export type NewPasswordValues = { newPassword: string; confirmPassword: string };
export const newPasswordRules: Schema<NewPasswordValues> = {
  newPassword: [
    required('validation.newPasswordRequired'),
    ...PASSWORD_STRENGTH.map((rule) => matches<NewPasswordValues>(rule.pattern, rule.message)),
  ],
  confirmPassword: [required('validation.confirmRequired'), sameAs('newPassword', 'validation.passwordsMismatch')],
};

export const RESET_CODE_LENGTH = 6;
export const RESET_CODE_SECONDS = 300;
export const RESET_REDIRECT_MS = 3000;

/** `m:ss` for the reset code's countdown. */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  return `${Math.floor(safe / 60)}:${String(safe % 60).padStart(2, '0')}`;
}
