import type { MemberRole, MemberStatus } from '@credit/events';
import type { Knex } from 'knex';

/**
 * The team read model's table, as `teamProjection`'s migration creates it: one row per member an
 * institution invited (removed members and cancelled invitations keep their row with that status).
 */
export const INSTITUTION_MEMBERS = 'institution_members';

export type InstitutionMemberRow = {
  id: number;
  institution_id: number;
  email: string;
  name: string;
  role: MemberRole;
  status: MemberStatus;
  invited_at: Date;
  /** When the current invitation link stops working (null once joined or cancelled). */
  invitation_expires_at: Date | null;
  joined_at: Date | null;
  updated_at: Date;
};

/** An institution's team as the owner and administrators see it: newest invitation first, without cancelled invitations. */
export const teamOf = (knex: Knex, institutionId: number): Promise<InstitutionMemberRow[]> =>
  knex<InstitutionMemberRow>(INSTITUTION_MEMBERS)
    .where({ institution_id: institutionId })
    .whereNot('status', 'cancelled')
    .orderBy('invited_at', 'desc')
    .orderBy('id', 'desc');

/** A member as the owner sees it: its role, status, and the dates it was invited and joined. */
export const toTeamMember = (row: InstitutionMemberRow) => ({
  id: row.id,
  institutionId: row.institution_id,
  email: row.email,
  name: row.name,
  role: row.role,
  status: row.status,
  invitedAt: row.invited_at,
  invitationExpiresAt: row.invitation_expires_at,
  joinedAt: row.joined_at,
  updatedAt: row.updated_at,
});
