import en from '../locales/en.json';
import { formatCountdown, loginRules, newPasswordRules, registerRules } from './formRules';
import { validateAll } from './validation';

const english = (key: string | undefined): string | undefined =>
  key === undefined ? undefined : (key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string);
const messages = <V>(errors: Partial<Record<keyof V, string>>) =>
  Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, english(key as string)]));

describe('Login rules (spec §5, Logins)', () => {
  it('should require email and password', () => {
    expect(messages(validateAll(loginRules, { email: '', password: '' }))).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('should check the email format', () => {
    expect(messages(validateAll(loginRules, { email: 'bank@', password: 'x' }))).toEqual({ email: 'Please enter a valid email address' });
  });
});

describe('Registration rules (spec §5, Registration)', () => {
  const valid = { name: 'Banque', email: 'ops@banque.example', password: 'Secret#123', confirmPassword: 'Secret#123', terms: true };

  it('should give every required message on an empty form', () => {
    expect(messages(validateAll(registerRules, { name: '', email: '', password: '', confirmPassword: '', terms: false }))).toEqual({
      name: 'Institution name is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
      terms: 'You must accept the terms and conditions',
    });
  });

  it('should keep the first failing rule of each field', () => {
    expect(
      messages(validateAll(registerRules, { ...valid, name: 'B', email: 'nope', password: 'short', confirmPassword: 'other' })),
    ).toEqual({
      name: 'Institution name must be at least 2 characters',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters',
      confirmPassword: 'Passwords do not match',
    });
  });

  it('should accept a valid form', () => {
    expect(validateAll(registerRules, valid)).toEqual({});
  });
});

describe('Reset step 3: all four rules and the confirmation are enforced', () => {
  const check = (newPassword: string, confirmPassword = newPassword) =>
    messages(validateAll(newPasswordRules, { newPassword, confirmPassword }));
  it('should name the first rule the new password breaks', () => {
    expect(check('')).toEqual({ newPassword: 'New password is required', confirmPassword: 'Please confirm your password' });
    expect(check('Ab1#')).toEqual({ newPassword: 'Password must be at least 8 characters' });
    expect(check('abcdefg1#')).toEqual({ newPassword: 'Password must contain at least one uppercase letter' });
    expect(check('Abcdefgh#')).toEqual({ newPassword: 'Password must contain at least one number' });
    expect(check('Abcdefgh1')).toEqual({ newPassword: 'Password must contain at least one special character' });
    expect(check('Abcdefg1#', 'Abcdefg1!')).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(check('Abcdefg1#')).toEqual({});
  });

  it('should show the countdown as m:ss', () => {
    expect(formatCountdown(300)).toBe('5:00');
    expect(formatCountdown(61)).toBe('1:01');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});
