import type Router from '@koa/router';
import { assertAdmin, DEFAULT_SETTINGS, ok } from '@credit/events';
import { SYSTEM_SETTINGS, type SettingsRow } from '@credit/projectors/src/readModels';
import type { QueryDeps } from '../queryDeps';
import { readsFrom } from '../readYourWrites';

/** `GET /admin/settings`: the system settings (the defaults until saved); the API key itself is never sent, only whether one is set. */
export function settingsQueries(router: Router, deps: QueryDeps): void {
  const fresh = readsFrom(deps, 'settings');
  router.get('/admin/settings', fresh, async (ctx) => {
    assertAdmin(ctx.state.user);
    const row = await deps.knex<SettingsRow>(SYSTEM_SETTINGS).where({ id: 1 }).first();
    ctx.body = ok('Settings retrieved successfully', {
      ...DEFAULT_SETTINGS,
      ...row?.settings,
      apiKeySet: row?.api_key_set ?? false,
      updatedAt: row?.updated_at ?? null,
      updatedBy: row?.updated_by ?? null,
    });
  });
}
