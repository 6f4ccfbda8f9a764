import type Router from '@koa/router';
import { assertAdmin, DEFAULT_SETTINGS, ok, type SystemSettings } from '@credit/events';
import type { QueryDeps } from '../queryDeps';
import { readsFrom } from '../readYourWrites';

type SettingsRow = { settings: SystemSettings; api_key_set: boolean; updated_at: Date; updated_by: string };

/** `GET /admin/settings`: the system settings (the defaults until saved); the API key itself is never sent, only whether one is set. */
export function settingsQueries(router: Router, deps: QueryDeps): void {
  const fresh = readsFrom(deps, 'settings');
  router.get('/admin/settings', fresh, async (ctx) => {
    assertAdmin(ctx.state.user);
    const row: SettingsRow | undefined = await deps.knex('system_settings').where({ id: 1 }).first();
    ctx.body = ok('Settings retrieved successfully', {
      ...DEFAULT_SETTINGS,
      ...row?.settings,
      apiKeySet: row?.api_key_set ?? false,
      updatedAt: row?.updated_at ?? null,
      updatedBy: row?.updated_by ?? null,
    });
  });
}
