import { evolveMemberStatus, isTeamEvent, type Recorded, type TeamEvent } from '@credit/events';
import type { Knex } from 'knex';
import { perEvent, type Projection } from '../runtime/projection';
import { teamEvents } from '@credit/events';
import { INSTITUTION_MEMBERS, type InstitutionMemberRow } from './teamTables';

/** The row's changes an event brings (its status by the one fold of a member's status). */
function changesOf(event: Recorded<TeamEvent>, row: Pick<InstitutionMemberRow, 'status'>): Partial<InstitutionMemberRow> {
  const at = new Date(event.metadata.occurredAt);
  const status = evolveMemberStatus(row.status, event);
  const changes: Partial<InstitutionMemberRow> = { updated_at: at, ...(status === 'none' ? {} : { status }) };
  switch (event.type) {
    case 'MemberInvitationRenewed':
      return { ...changes, invitation_expires_at: new Date(event.data.expiresAt) };
    case 'InvitationCancelled':
      return { ...changes, invitation_expires_at: null };
    case 'MemberJoined':
      return { ...changes, joined_at: at, invitation_expires_at: null };
    case 'MemberRoleChanged':
      return { ...changes, role: event.data.role };
    case 'MemberPasswordChanged':
    case 'MemberSignedOut':
      return {};
    default:
      return changes;
  }
}

async function apply(event: Recorded<TeamEvent>, trx: Knex.Transaction): Promise<void> {
  if (event.type === 'MemberInvited') {
    const { memberId, institutionId, email, name, role, expiresAt } = event.data;
    const at = new Date(event.metadata.occurredAt);
    const row: InstitutionMemberRow = {
      id: memberId,
      institution_id: institutionId,
      email,
      name,
      role,
      status: 'invited',
      invited_at: at,
      invitation_expires_at: new Date(expiresAt),
      joined_at: null,
      updated_at: at,
    };
    await trx(INSTITUTION_MEMBERS).insert(row).onConflict('id').ignore();
    return;
  }
  const row: Pick<InstitutionMemberRow, 'status'> | undefined = await trx(INSTITUTION_MEMBERS)
    .where({ id: event.data.memberId })
    .first('status');
  if (!row) return;
  const changes = changesOf(event, row);
  if (Object.keys(changes).length > 0) await trx(INSTITUTION_MEMBERS).where({ id: event.data.memberId }).update(changes);
}

/** Institutions' teams: each member with its role, status, and when it was invited and joined. */
export const teamProjection = (): Projection => ({
  name: 'team',
  eventTypes: teamEvents.map((definition) => definition.type).filter((type) => type !== 'MemberSignedOut'),
  tables: [INSTITUTION_MEMBERS],
  migrations: [
    {
      name: '20261215000100_create_institution_members',
      async up(knex) {
        await knex.raw(`
          CREATE TABLE ${INSTITUTION_MEMBERS} (
            id                     integer PRIMARY KEY,
            institution_id         integer NOT NULL,
            email                  text NOT NULL,
            name                   text NOT NULL,
            role                   text NOT NULL,
            status                 text NOT NULL,
            invited_at             timestamptz NOT NULL,
            invitation_expires_at  timestamptz,
            joined_at              timestamptz,
            updated_at             timestamptz NOT NULL
          );
          CREATE INDEX institution_members_institution ON ${INSTITUTION_MEMBERS} (institution_id, id);
        `);
      },
      async down(knex) {
        await knex.raw(`DROP TABLE IF EXISTS ${INSTITUTION_MEMBERS}`);
      },
    },
  ],
  handle: perEvent(isTeamEvent, apply),
});
