import { DEFAULT_SETTINGS, evolveSettings, isSettingsEvent, type SystemSettings } from '@credit/events';
import type { Projection } from '../runtime/projection';
import { perEvent } from '../runtime/projection';
import { SYSTEM_SETTINGS } from './settingsTables';

/** The system settings as one row (absent until an administrator saves them: the defaults apply). */
export const settingsProjection = (): Projection => ({
  name: 'settings',
  eventTypes: ['SystemSettingsChanged'],
  tables: [SYSTEM_SETTINGS],
  migrations: [
    {
      name: '20261123000400_create_system_settings',
      async up(knex) {
        await knex.raw(`
          CREATE TABLE ${SYSTEM_SETTINGS} (
            id                      integer PRIMARY KEY CHECK (id = 1),
            settings                jsonb NOT NULL,
            api_key_set             boolean NOT NULL,
            updated_at              timestamptz NOT NULL,
            updated_by              text NOT NULL
          )
        `);
      },
      async down(knex) {
        await knex.raw(`DROP TABLE IF EXISTS ${SYSTEM_SETTINGS}`);
      },
    },
  ],
  handle: perEvent(isSettingsEvent, async (event, trx) => {
    const current = await trx(SYSTEM_SETTINGS).where({ id: 1 }).first('settings', 'api_key_set');
    const settings: SystemSettings = evolveSettings((current?.settings as SystemSettings | undefined) ?? DEFAULT_SETTINGS, event);
    const apiKeySet = Boolean(current?.api_key_set) || event.data.apiKeyChanged;
    await trx(SYSTEM_SETTINGS)
      .insert({
        id: 1,
        settings: JSON.stringify(settings),
        api_key_set: apiKeySet,
        updated_at: event.metadata.occurredAt,
        updated_by: event.metadata.actor.name,
      })
      .onConflict('id')
      .merge();
  }),
});
