import { z } from 'zod';
import { defineEvent, isEventOf, type DataOf, type EventOf } from '../catalogue';

/**
 * Database access (README, "The analytics schema"): each access is its own PostgreSQL role, read-only
 * on the `analytics` views, one stream per role. The role's password is never in an event: it is
 * shown once to whoever issued the access and kept by PostgreSQL alone.
 */
export const databaseAccessStream = (role: string): string => `databaseAccess-${role}`;

/** A PostgreSQL role name the platform generates: lower-case letters, digits and underscores, at most 63 characters. */
export const DATABASE_ROLE_NAME = /^[a-z][a-z0-9_]{2,62}$/;

const roleName = z.string().regex(DATABASE_ROLE_NAME);

/**
 * An access issued: `institution` scope reads one institution's rows (`institutionId`), `platform`
 * scope every institution's (issued by an administrator to a compliance or risk analyst).
 * `memberId` names the team member it is for, when issued for one; `label` is what the issuer wrote
 * to recognise it (a person, a tool).
 */
export const databaseAccessIssued = defineEvent(
  'DatabaseAccessIssued',
  z.discriminatedUnion('scope', [
    z.object({
      role: roleName,
      scope: z.literal('institution'),
      institutionId: z.number().int().positive(),
      memberId: z.number().int().positive().nullable(),
      label: z.string().max(200),
      connectionLimit: z.number().int().positive(),
    }),
    z.object({
      role: roleName,
      scope: z.literal('platform'),
      institutionId: z.null(),
      memberId: z.null(),
      label: z.string().max(200),
      connectionLimit: z.number().int().positive(),
    }),
  ]),
);

/** An access revoked: its role can no longer sign in, its sessions were ended, and the role is dropped. */
export const databaseAccessRevoked = defineEvent('DatabaseAccessRevoked', z.object({ role: roleName }));

export const databaseAccessEvents = [databaseAccessIssued, databaseAccessRevoked];

export type DatabaseAccessIssuedData = DataOf<typeof databaseAccessIssued>;

/** Every event of a database access's stream: a switch on `type` narrows `data`. */
export type DatabaseAccessEvent = EventOf<(typeof databaseAccessEvents)[number]>;

export const isDatabaseAccessEvent = isEventOf(databaseAccessEvents);
