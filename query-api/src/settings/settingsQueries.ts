import type Router from '@koa/router';
import { assertAdmin, DEFAULT_SETTINGS, ok } from '@credit/events';
import { ADMINS, SYSTEM_SETTINGS, type AdminRow, type SettingsRow } from '@credit/projectors/src/readModels';
import type { QueryDeps } from '../queryDeps';
import { readsFrom } from '../readYourWrites';

/**
 * `GET /admin/settings`: the system settings (the defaults until saved, the administrators' contact
 * being the first administrator's email); the API key itself is never sent, only whether one is set.
 */
export function settingsQueries(router: Router, deps: QueryDeps): void {
  const fresh = readsFrom(deps, 'settings', 'identity');
  router.get('/admin/settings', fresh, async (ctx) => {
    assertAdmin(ctx.state.user);
    const row = await deps.knex<SettingsRow>(SYSTEM_SETTINGS).where({ id: 1 }).first();
    const firstAdmin = row ? undefined : await deps.knex<AdminRow>(ADMINS).where({ role: 'administrator' }).orderBy('id').first('email');
    ctx.body = ok('Settings retrieved successfully', {
      ...DEFAULT_SETTINGS,
      ...(firstAdmin && { adminEmail: firstAdmin.email }),
      ...row?.settings,
      apiKeySet: row?.api_key_set ?? false,
      updatedAt: row?.updated_at ?? null,
      updatedBy: row?.updated_by ?? null,
    });
  });
}
