import {
  ADMIN_STATUS_EVENTS,
  evolveAdminStatus,
  evolveInstitutionStatus,
  INSTITUTION_STATUS_EVENTS,
  isAdminStatusEvent,
  isInstitutionStatusEvent,
  type RecordedEvent,
} from '@credit/events';
import type { Projection } from '../runtime/projection';
import { ACCOUNT_STATUS_HISTORY } from './identityTables';

/** The history row of a status event: the status the shared fold gives, when the event says it happened. */
function statusRow(event: RecordedEvent) {
  const common = { position: event.position, changed_at: event.metadata.occurredAt };
  if (isInstitutionStatusEvent(event)) {
    return { ...common, account: 'institution', account_id: event.data.institutionId, status: evolveInstitutionStatus('none', event) };
  }
  if (isAdminStatusEvent(event)) {
    return { ...common, account: 'admin', account_id: event.data.adminId, status: evolveAdminStatus('none', event) };
  }
  return null;
}

/**
 * Institutions' and administrators' statuses over time, one row per status event, so a figure "as it
 * stood then" is read from the same fold as the identity tables rather than re-derived from the audit
 * log. Its own projection (and checkpoint), so a platform that starts with it replays it from the log.
 */
export const accountStatusHistoryProjection = (): Projection => ({
  name: 'account-status',
  eventTypes: [...INSTITUTION_STATUS_EVENTS, ...ADMIN_STATUS_EVENTS],
  tables: [ACCOUNT_STATUS_HISTORY],
  migrations: [
    {
      name: '20261127100000_create_account_status_history',
      async up(knex) {
        await knex.raw(`
          CREATE TABLE ${ACCOUNT_STATUS_HISTORY} (
            position   bigint PRIMARY KEY,
            account    text NOT NULL,
            account_id integer NOT NULL,
            status     text NOT NULL,
            changed_at timestamptz NOT NULL
          );
          CREATE INDEX account_status_history_latest ON ${ACCOUNT_STATUS_HISTORY} (account, account_id, position DESC);
        `);
      },
      async down(knex) {
        await knex.raw(`DROP TABLE IF EXISTS ${ACCOUNT_STATUS_HISTORY}`);
      },
    },
  ],
  async handle(events, trx) {
    const rows = events.map(statusRow).filter((row) => row !== null);
    if (rows.length > 0) await trx(ACCOUNT_STATUS_HISTORY).insert(rows);
  },
});
