import { z } from 'zod';
import { defineEvent, isEventOf, type DataOf, type EventOf } from '../catalogue';

/**
 * An institution's team: the institution's own account is its owner; the owner invites members, each
 * with a role. An analyst reads and exports; an uploader uploads and reads. Each member has a stream
 * of its own (`memberStream(id)`) naming its institution in every event.
 */
export const memberRoles = ['analyst', 'uploader'] as const;
export type MemberRole = (typeof memberRoles)[number];
/** The institution side's roles: the owner (the institution's account) and its members' roles. */
export type TeamRole = 'owner' | MemberRole;

/** A member's status: invited (not joined yet), active, suspended, removed, or cancelled (the invitation, before it was accepted). */
export const memberStatuses = ['invited', 'active', 'suspended', 'removed', 'cancelled'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

/** The languages an invitation can be written in. */
export const invitationLanguages = ['en', 'fr'] as const;
export type InvitationLanguage = (typeof invitationLanguages)[number];

export const memberStream = (memberId: number): string => `member-${memberId}`;

const memberId = z.number().int().positive();
const institutionId = z.number().int().positive();
const role = z.enum(memberRoles);
const passwordHash = z.string().startsWith('$argon2id$');
/** The SHA-256 of the invitation token (the token itself is only in the mail). */
const tokenHash = z.string().regex(/^[0-9a-f]{64}$/);
const expiresAt = z.string().datetime({ offset: true });

export const memberInvited = defineEvent(
  'MemberInvited',
  z.object({
    memberId,
    institutionId,
    email: z.string().email(),
    name: z.string().min(1),
    role,
    tokenHash,
    expiresAt,
    language: z.enum(invitationLanguages),
  }),
);
/** The owner sent the invitation again: a new link, a new expiry; the earlier link no longer works. */
export const memberInvitationRenewed = defineEvent('MemberInvitationRenewed', z.object({ memberId, institutionId, tokenHash, expiresAt }));
export const invitationCancelled = defineEvent('InvitationCancelled', z.object({ memberId, institutionId }));
/** The invitation was accepted: the member set a password and can sign in. */
export const memberJoined = defineEvent('MemberJoined', z.object({ memberId, institutionId, passwordHash }));
/** The member's sessions end, so the next sign-in carries the new role. */
export const memberRoleChanged = defineEvent('MemberRoleChanged', z.object({ memberId, institutionId, role }));
/** The member's sessions end; it cannot sign in until reactivated. */
export const memberSuspended = defineEvent('MemberSuspended', z.object({ memberId, institutionId }));
export const memberReactivated = defineEvent('MemberReactivated', z.object({ memberId, institutionId }));
/** The member is gone from the team for good; its sessions end and its email may be invited again. */
export const memberRemoved = defineEvent('MemberRemoved', z.object({ memberId, institutionId }));
export const memberPasswordChanged = defineEvent(
  'MemberPasswordChanged',
  z.object({ memberId, institutionId, passwordHash, via: z.enum(['reset', 'profile']) }),
);
/** One session of the member's ended (`session`: its token's SHA-256, until `sessionExpiresAt`, seconds). */
export const memberSignedOut = defineEvent(
  'MemberSignedOut',
  z.object({
    memberId,
    institutionId,
    session: z.string().regex(/^[0-9a-f]{64}$/),
    sessionExpiresAt: z.number().int().nonnegative(),
  }),
);

export const teamEvents = [
  memberInvited,
  memberInvitationRenewed,
  invitationCancelled,
  memberJoined,
  memberRoleChanged,
  memberSuspended,
  memberReactivated,
  memberRemoved,
  memberPasswordChanged,
  memberSignedOut,
];

export type MemberInvitedData = DataOf<typeof memberInvited>;

/** Every event of a member's stream: a switch on `type` narrows `data`. */
export type TeamEvent = EventOf<(typeof teamEvents)[number]>;

/** Whether a stored event is one of these (its payload then as the catalogue checked it). */
export const isTeamEvent = isEventOf(teamEvents);

/** The one fold of a member's status, for the command side and the projection alike. */
export function evolveMemberStatus(status: MemberStatus | 'none', event: TeamEvent): MemberStatus | 'none' {
  switch (event.type) {
    case 'MemberInvited':
      return 'invited';
    case 'InvitationCancelled':
      return 'cancelled';
    case 'MemberJoined':
    case 'MemberReactivated':
      return 'active';
    case 'MemberSuspended':
      return 'suspended';
    case 'MemberRemoved':
      return 'removed';
    case 'MemberInvitationRenewed':
    case 'MemberRoleChanged':
    case 'MemberPasswordChanged':
    case 'MemberSignedOut':
      return status;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}
