import { z } from 'zod';
import { defineEvent, isEventOf, type DataOf, type EventOf } from '../catalogue';

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

/** The platform side's roles: an administrator does everything the admin console does; an auditor reads it all and changes nothing. */
export const adminRoles = ['administrator', 'auditor'] as const;
export type AdminRole = (typeof adminRoles)[number];
const adminRole = z.enum(adminRoles);

/**
 * Version 2 names the account's role. Every account created under version 1 was an administrator
 * (the only role there was), so the upcast states a fact rather than a default.
 */
export const adminCreated = defineEvent(
  'AdminCreated',
  z.object({ adminId, name: z.string().min(1), email, passwordHash, role: adminRole }),
  {
    version: 2,
    upcasters: [{ fromVersion: 1, upcast: (data) => ({ ...(data as object), role: 'administrator' }) }],
  },
);
/** An administrator gave another account a new role; the account's sessions end, so its next sign-in carries the role. */
export const adminRoleChanged = defineEvent('AdminRoleChanged', z.object({ adminId, role: adminRole }));
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
 * A failed sign-in that brought one of the throttle's counts to its limit (the event's metadata names
 * the address): `account_and_address`, this email from this address is refused for the rest of the
 * window, even with the right password; `address`, this address is refused for every account that
 * has not signed in from it. `failures` within the last `minutes`.
 */
export const signInThrottled = defineEvent(
  'SignInThrottled',
  z.object({
    kind: userKind,
    email: z.string(),
    scope: z.enum(['account_and_address', 'address']),
    failures: z.number().int().positive(),
    minutes: z.number().int().positive(),
  }),
);
/**
 * An account's failed sign-ins, from every address, reached the alert threshold: `failures` within
 * the last `hours`. Its owner is mailed at `email` (once per window; the mail projection queues it).
 */
export const accountUnderAttack = defineEvent(
  'AccountUnderAttack',
  z.object({
    kind: userKind,
    userId: z.number().int().positive(),
    name: z.string(),
    email,
    failures: z.number().int().positive(),
    hours: z.number().int().positive(),
  }),
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
  adminRoleChanged,
  adminDetailsChanged,
  adminPasswordChanged,
  adminDeactivated,
  userSignedIn,
  signInFailed,
  signInThrottled,
  accountUnderAttack,
  userSignedOut,
  passwordResetRequested,
  passwordResetCodeRejected,
  passwordResetCodeVerified,
];

export type InstitutionRegisteredData = DataOf<typeof institutionRegistered>;
export type InstitutionDetailsChangedData = DataOf<typeof institutionDetailsChanged>;
export type AdminCreatedData = DataOf<typeof adminCreated>;
export type AdminDetailsChangedData = DataOf<typeof adminDetailsChanged>;
export type AccountUnderAttackData = DataOf<typeof accountUnderAttack>;
export type UserSignedOutData = DataOf<typeof userSignedOut>;
export type PasswordResetRequestedData = DataOf<typeof passwordResetRequested>;

/** Institutions, administrators, sign-ins and password resets: a switch on `type` narrows `data`. */
export type IdentityEvent = EventOf<(typeof identityEvents)[number]>;

/** Whether a stored event is one of these (its payload then as the catalogue checked it). */
export const isIdentityEvent = isEventOf(identityEvents);
