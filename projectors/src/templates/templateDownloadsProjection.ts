import { isTemplateEvent, TEMPLATE_EVENT_TYPES } from '@credit/events';
import { eventsOf, type Projection } from '../runtime/projection';
import { TEMPLATE_DOWNLOADS } from './templateDownloadsTables';

/** Each institution's first download of the upload template or the sample (the first-day checklist). */
export const templateDownloadsProjection = (): Projection => ({
  name: 'template-downloads',
  eventTypes: TEMPLATE_EVENT_TYPES,
  tables: [TEMPLATE_DOWNLOADS],
  migrations: [
    {
      name: '20261128000000_create_template_downloads',
      async up(knex) {
        await knex.raw(`
          CREATE TABLE ${TEMPLATE_DOWNLOADS} (
            institution_id integer PRIMARY KEY,
            position       bigint NOT NULL,
            file           text NOT NULL CHECK (file IN ('template', 'sample')),
            format         text NOT NULL CHECK (format IN ('csv', 'xlsx')),
            downloaded_at  timestamptz NOT NULL,
            actor_id       text NOT NULL,
            actor_role     text NOT NULL,
            actor_name     text NOT NULL
          )
        `);
      },
      async down(knex) {
        await knex.raw(`DROP TABLE IF EXISTS ${TEMPLATE_DOWNLOADS}`);
      },
    },
  ],
  async handle(events, trx) {
    const rows = eventsOf(isTemplateEvent, events).map(({ data, metadata, position }) => ({
      institution_id: data.institutionId,
      position,
      file: data.file,
      format: data.format,
      downloaded_at: metadata.occurredAt,
      actor_id: metadata.actor.id,
      actor_role: metadata.actor.role,
      actor_name: metadata.actor.name,
    }));
    // The first download is the row: a page can hold a later one only if two raced past the command's check.
    if (rows.length > 0) await trx(TEMPLATE_DOWNLOADS).insert(rows).onConflict('institution_id').ignore();
  },
});
