import type { Knex } from 'knex';
import {
  evolveAdminStatus,
  evolveInstitutionStatus,
  isIdentityEvent,
  isInstitutionActive,
  type IdentityEvent,
  type Recorded,
} from '@credit/events';
import { perEvent, type Projection } from '../runtime/projection';
import { ADMINS, INSTITUTIONS } from './identityTables';

type IdentityRecord = Recorded<IdentityEvent>;

const at = (event: IdentityRecord) => event.metadata.occurredAt;

/** An institution's status columns after one of its status events, from the one fold of that status. */
const statusColumns = (event: IdentityRecord) => {
  const status = evolveInstitutionStatus('none', event);
  return { status, is_active: isInstitutionActive(status) };
};

/** Whether an administrator is active after one of its status events, from the one fold of that status. */
const adminActive = (event: IdentityRecord) => evolveAdminStatus('none', event) === 'active';

async function applyInstitutionEvent(event: IdentityRecord, trx: Knex.Transaction): Promise<void> {
  const touch = { updated_at: at(event) };
  switch (event.type) {
    case 'InstitutionRegistered':
      await trx(INSTITUTIONS).insert({
        id: event.data.institutionId,
        name: event.data.name,
        email: event.data.email,
        ...statusColumns(event),
        created_at: at(event),
        updated_at: at(event),
      });
      return;
    case 'InstitutionApproved':
    case 'InstitutionActivated':
      await trx(INSTITUTIONS)
        .where({ id: event.data.institutionId })
        .update({ ...touch, ...statusColumns(event), approved_at: at(event) });
      return;
    case 'InstitutionRejected':
      await trx(INSTITUTIONS)
        .where({ id: event.data.institutionId })
        .update({ ...touch, ...statusColumns(event), rejection_reason: event.data.reason });
      return;
    case 'InstitutionDeactivated':
      await trx(INSTITUTIONS)
        .where({ id: event.data.institutionId })
        .update({ ...touch, ...statusColumns(event), deactivation_comment: event.data.comment });
      return;
    case 'InstitutionDetailsChanged': {
      const { institutionId, ...details } = event.data;
      const changes: Record<string, unknown> = { ...touch };
      for (const key of ['name', 'email', 'logo'] as const) if (details[key] !== undefined) changes[key] = details[key];
      await trx(INSTITUTIONS).where({ id: institutionId }).update(changes);
      return;
    }
    case 'InstitutionPasswordChanged':
      await trx(INSTITUTIONS).where({ id: event.data.institutionId }).update(touch);
      return;
    case 'InstitutionClosed':
      await trx(INSTITUTIONS)
        .where({ id: event.data.institutionId })
        .update({ ...touch, ...statusColumns(event), closed_at: at(event) });
      return;
  }
}

async function applyAdminEvent(event: IdentityRecord, trx: Knex.Transaction): Promise<void> {
  switch (event.type) {
    case 'AdminCreated':
      await trx(ADMINS).insert({
        id: event.data.adminId,
        name: event.data.name,
        email: event.data.email,
        role: event.data.role,
        is_active: adminActive(event),
        created_at: at(event),
        updated_at: at(event),
      });
      return;
    case 'AdminRoleChanged':
      await trx(ADMINS)
        .where({ id: event.data.adminId })
        .update({ role: event.data.role, updated_at: at(event) });
      return;
    case 'AdminDetailsChanged': {
      const { adminId, name, email, profilePhoto } = event.data;
      const changes: Record<string, unknown> = { updated_at: at(event) };
      if (name !== undefined) changes.name = name;
      if (email !== undefined) changes.email = email;
      if (profilePhoto !== undefined) changes.profile_photo = profilePhoto;
      await trx(ADMINS).where({ id: adminId }).update(changes);
      return;
    }
    case 'AdminPasswordChanged':
      await trx(ADMINS)
        .where({ id: event.data.adminId })
        .update({ updated_at: at(event) });
      return;
    case 'AdminDeactivated':
      await trx(ADMINS)
        .where({ id: event.data.adminId })
        .update({ is_active: adminActive(event), updated_at: at(event) });
      return;
  }
}

/** Institutions and administrators as the admin screens list them. */
export const identityProjection = (): Projection => ({
  name: 'identity',
  eventTypes: [
    'InstitutionRegistered',
    'InstitutionApproved',
    'InstitutionActivated',
    'InstitutionRejected',
    'InstitutionDeactivated',
    'InstitutionDetailsChanged',
    'InstitutionPasswordChanged',
    'InstitutionClosed',
    'AdminCreated',
    'AdminRoleChanged',
    'AdminDetailsChanged',
    'AdminPasswordChanged',
    'AdminDeactivated',
  ],
  tables: [INSTITUTIONS, ADMINS],
  migrations: [
    {
      name: '20261122002000_create_identity',
      async up(knex) {
        await knex.raw(`
          CREATE TABLE institutions (
            id                   integer PRIMARY KEY,
            name                 text NOT NULL,
            email                text NOT NULL,
            status               text NOT NULL,
            is_active            boolean NOT NULL,
            logo                 text,
            rejection_reason     text,
            deactivation_comment text,
            created_at           timestamptz NOT NULL,
            updated_at           timestamptz NOT NULL,
            approved_at          timestamptz,
            closed_at            timestamptz
          );
          CREATE INDEX institutions_status ON institutions (status);
          CREATE TABLE admins (
            id            integer PRIMARY KEY,
            name          text NOT NULL,
            email         text NOT NULL,
            is_active     boolean NOT NULL,
            profile_photo text,
            created_at    timestamptz NOT NULL,
            updated_at    timestamptz NOT NULL
          );
        `);
      },
      async down(knex) {
        await knex.raw('DROP TABLE IF EXISTS institutions; DROP TABLE IF EXISTS admins;');
      },
    },
    {
      // Every account before roles existed was an administrator (AdminCreated's upcast says the same).
      name: '20261127002000_add_admin_role',
      async up(knex) {
        await knex.raw(`ALTER TABLE admins ADD COLUMN role text NOT NULL DEFAULT 'administrator'`);
      },
      async down(knex) {
        await knex.raw('ALTER TABLE admins DROP COLUMN IF EXISTS role');
      },
    },
  ],
  handle: perEvent(isIdentityEvent, (event, trx) =>
    event.type.startsWith('Admin') ? applyAdminEvent(event, trx) : applyInstitutionEvent(event, trx),
  ),
});
