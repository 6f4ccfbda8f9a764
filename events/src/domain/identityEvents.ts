import { z } from 'zod';
import { defineEvent } from '../catalogue';

const email = z.string().email();
const passwordHash = z.string().startsWith('$argon2id$');
const institutionId = z.number().int().positive();
const adminId = z.number().int().positive();
const userKind = z.enum(['admin', 'institution']);

export const institutionRegistered = defineEvent(
  'InstitutionRegistered',
  z.object({ institutionId, name: z.string().min(2), email, passwordHash }),
);
export const institutionApproved = defineEvent('InstitutionApproved', z.object({ institutionId }));
export const institutionRejected = defineEvent('InstitutionRejected', z.object({ institutionId, reason: z.string().min(1) }));
export const institutionDeactivated = defineEvent('InstitutionDeactivated', z.object({ institutionId, comment: z.string() }));
export const institutionActivated = defineEvent('InstitutionActivated', z.object({ institutionId }));
export const institutionDetailsChanged = defineEvent(
  'InstitutionDetailsChanged',
  z.object({ institutionId, name: z.string().min(2).optional(), email: email.optional(), logo: z.string().nullable().optional() }),
);
export const institutionPasswordChanged = defineEvent(
  'InstitutionPasswordChanged',
  z.object({ institutionId, passwordHash, via: z.enum(['reset', 'profile']) }),
);
export const institutionClosed = defineEvent('InstitutionClosed', z.object({ institutionId }));

export const adminCreated = defineEvent('AdminCreated', z.object({ adminId, name: z.string().min(1), email, passwordHash }));
export const adminDetailsChanged = defineEvent(
  'AdminDetailsChanged',
  z.object({ adminId, name: z.string().min(1).optional(), email: email.optional(), profilePhoto: z.string().nullable().optional() }),
);
export const adminPasswordChanged = defineEvent(
  'AdminPasswordChanged',
  z.object({ adminId, passwordHash, via: z.enum(['reset', 'profile']) }),
);
export const adminDeactivated = defineEvent('AdminDeactivated', z.object({ adminId }));

export const userSignedIn = defineEvent('UserSignedIn', z.object({ kind: userKind, userId: z.number().int().positive(), email }));
export const signInFailed = defineEvent(
  'SignInFailed',
  z.object({ kind: userKind, email: z.string(), reason: z.enum(['unknown_email', 'wrong_password', 'inactive', 'rate_limited']) }),
);
/**
 * `session`: the SHA-256 of the signed-out token, which ends (until `sessionExpiresAt`, its expiry in
 * seconds); the account's other sessions go on. Absent on older events: every earlier session ended.
 */
export const userSignedOut = defineEvent(
  'UserSignedOut',
  z.object({
    kind: userKind,
    userId: z.number().int().positive(),
    session: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
    sessionExpiresAt: z.number().int().nonnegative().optional(),
  }),
);

export const passwordResetRequested = defineEvent(
  'PasswordResetRequested',
  z.object({ kind: userKind, userId: z.number().int().positive(), codeHash: z.string(), expiresAt: z.string() }),
);
export const passwordResetCodeRejected = defineEvent(
  'PasswordResetCodeRejected',
  z.object({ kind: userKind, userId: z.number().int().positive() }),
);
export const passwordResetCodeVerified = defineEvent(
  'PasswordResetCodeVerified',
  z.object({ kind: userKind, userId: z.number().int().positive() }),
);

export const identityEvents = [
  institutionRegistered,
  institutionApproved,
  institutionRejected,
  institutionDeactivated,
  institutionActivated,
  institutionDetailsChanged,
  institutionPasswordChanged,
  institutionClosed,
  adminCreated,
  adminDetailsChanged,
  adminPasswordChanged,
  adminDeactivated,
  userSignedIn,
  signInFailed,
  userSignedOut,
  passwordResetRequested,
  passwordResetCodeRejected,
  passwordResetCodeVerified,
];
