import type { Knex } from 'knex';
import type { RecordedEvent } from '@credit/events';
import { perEvent, type Projection } from '../runtime/projection';

export const INSTITUTIONS = 'institutions';
export const ADMINS = 'admins';

const at = (event: RecordedEvent) => event.metadata.occurredAt;

async function applyInstitutionEvent(event: RecordedEvent, trx: Knex.Transaction): Promise<void> {
  const data = event.data as Record<string, unknown>;
  const id = data.institutionId as number;
  const touch = { updated_at: at(event) };
  switch (event.type) {
    case 'InstitutionRegistered':
      await trx(INSTITUTIONS).insert({
        id,
        name: data.name,
        email: data.email,
        status: 'pending',
        is_active: false,
        created_at: at(event),
        updated_at: at(event),
      });
      return;
    case 'InstitutionApproved':
    case 'InstitutionActivated':
      await trx(INSTITUTIONS)
        .where({ id })
        .update({ ...touch, status: 'approved', is_active: true, approved_at: at(event) });
      return;
    case 'InstitutionRejected':
      await trx(INSTITUTIONS)
        .where({ id })
        .update({ ...touch, status: 'rejected', is_active: false, rejection_reason: data.reason });
      return;
    case 'InstitutionDeactivated':
      await trx(INSTITUTIONS)
        .where({ id })
        .update({ ...touch, status: 'deactivated', is_active: false, deactivation_comment: data.comment });
      return;
    case 'InstitutionDetailsChanged': {
      const changes: Record<string, unknown> = { ...touch };
      for (const key of ['name', 'email', 'logo'] as const) if (data[key] !== undefined) changes[key] = data[key];
      await trx(INSTITUTIONS).where({ id }).update(changes);
      return;
    }
    case 'InstitutionPasswordChanged':
      await trx(INSTITUTIONS).where({ id }).update(touch);
      return;
    case 'InstitutionClosed':
      await trx(INSTITUTIONS)
        .where({ id })
        .update({ ...touch, status: 'closed', is_active: false, closed_at: at(event) });
      return;
  }
}

async function applyAdminEvent(event: RecordedEvent, trx: Knex.Transaction): Promise<void> {
  const data = event.data as Record<string, unknown>;
  const id = data.adminId as number;
  switch (event.type) {
    case 'AdminCreated':
      await trx(ADMINS).insert({ id, name: data.name, email: data.email, is_active: true, created_at: at(event), updated_at: at(event) });
      return;
    case 'AdminDetailsChanged': {
      const changes: Record<string, unknown> = { updated_at: at(event) };
      if (data.name !== undefined) changes.name = data.name;
      if (data.email !== undefined) changes.email = data.email;
      if (data.profilePhoto !== undefined) changes.profile_photo = data.profilePhoto;
      await trx(ADMINS).where({ id }).update(changes);
      return;
    }
    case 'AdminPasswordChanged':
      await trx(ADMINS)
        .where({ id })
        .update({ updated_at: at(event) });
      return;
    case 'AdminDeactivated':
      await trx(ADMINS)
        .where({ id })
        .update({ is_active: false, updated_at: at(event) });
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
  ],
  handle: perEvent((event, trx) => (event.type.startsWith('Admin') ? applyAdminEvent(event, trx) : applyInstitutionEvent(event, trx))),
});
