import { isDatabaseAccessEvent } from '@credit/events';
import { perEvent, type Projection } from '../runtime/projection';
import { analyticsMigrations } from './analyticsSchema';
import { DATABASE_ACCESSES, type DatabaseAccessRow } from './databaseAccessTables';

/**
 * The listing of database accesses, rebuilt from their events. It runs no DDL: the command side
 * creates and drops the PostgreSQL roles (README, "The analytics schema"), so a rebuild empties and
 * refills this table only. It also carries the `analytics` schema's migrations, which need every
 * other projection's tables: a platform running only some projections (tests) gets no schema.
 */
export const databaseAccessProjection = (): Projection => ({
  name: 'databaseAccess',
  eventTypes: ['DatabaseAccessIssued', 'DatabaseAccessRevoked'],
  tables: [DATABASE_ACCESSES],
  migrations: [
    {
      name: '20261202000100_create_database_accesses',
      async up(knex) {
        await knex.raw(`
          CREATE TABLE ${DATABASE_ACCESSES} (
            role_name        text PRIMARY KEY,
            scope            text NOT NULL,
            institution_id   integer,
            member_id        integer,
            label            text NOT NULL,
            connection_limit integer NOT NULL,
            issued_at        timestamptz NOT NULL,
            issued_by        text NOT NULL,
            revoked_at       timestamptz,
            revoked_by       text
          );
          CREATE INDEX database_accesses_institution ON ${DATABASE_ACCESSES} (institution_id, issued_at DESC);
        `);
      },
      async down(knex) {
        await knex.raw(`DROP TABLE IF EXISTS ${DATABASE_ACCESSES}`);
      },
    },
    ...analyticsMigrations,
  ],
  handle: perEvent(isDatabaseAccessEvent, async (event, trx) => {
    switch (event.type) {
      case 'DatabaseAccessIssued': {
        const row: DatabaseAccessRow = {
          role_name: event.data.role,
          scope: event.data.scope,
          institution_id: event.data.institutionId,
          member_id: event.data.memberId,
          label: event.data.label,
          connection_limit: event.data.connectionLimit,
          issued_at: new Date(event.metadata.occurredAt),
          issued_by: event.metadata.actor.name,
          revoked_at: null,
          revoked_by: null,
        };
        await trx(DATABASE_ACCESSES).insert(row).onConflict('role_name').ignore();
        return;
      }
      case 'DatabaseAccessRevoked':
        await trx(DATABASE_ACCESSES)
          .where({ role_name: event.data.role })
          .update({ revoked_at: new Date(event.metadata.occurredAt), revoked_by: event.metadata.actor.name });
        return;
      default: {
        const unexpected: never = event;
        throw new Error(`Unexpected event ${(unexpected as { type: string }).type}`);
      }
    }
  }),
});
