import { matches, minLength, required, type Rule } from '../http/input';

/** The four rules the reset screen lists, each with its own message, in the order it lists them. */
export const newPasswordRules: Rule[] = [
  required('New password is required'),
  minLength(8, 'Password must be at least 8 characters'),
  matches(/[A-Z]/, 'Password must contain at least one uppercase letter'),
  matches(/[0-9]/, 'Password must contain at least one number'),
  matches(/[^A-Za-z0-9]/, 'Password must contain at least one special character'),
];

export const confirmationRules = (password: string): Rule[] => [
  required('Please confirm your password'),
  { fails: (value) => value !== password, message: 'Passwords do not match' },
];
