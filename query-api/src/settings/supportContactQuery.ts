import type Router from '@koa/router';
import { DEFAULT_SETTINGS, ok } from '@credit/events';
import { SYSTEM_SETTINGS, type SettingsRow } from '@credit/projectors/src/readModels';
import type { QueryDeps } from '../queryDeps';
import { readsFrom } from '../readYourWrites';

/** What the Support page may show anyone, signed in or not: nothing else of the settings leaves through it. */
export type SupportContact = { systemName: string; email: string | null };

/**
 * `GET /support/contact` (public): the platform's name and the contact email administrators saved in
 * System Settings. Until they save one, the email is null: the first administrator's own address is
 * the settings page's suggestion to them, not something to publish to whoever opens the page.
 */
export function supportContactQuery(router: Router, deps: QueryDeps): void {
  router.get('/support/contact', readsFrom(deps, 'settings'), async (ctx) => {
    const row = await deps.knex<SettingsRow>(SYSTEM_SETTINGS).where({ id: 1 }).first('settings');
    const email = row?.settings.adminEmail;
    const contact: SupportContact = {
      systemName: row?.settings.systemName ?? DEFAULT_SETTINGS.systemName,
      email: email && email !== DEFAULT_SETTINGS.adminEmail ? email : null,
    };
    ctx.body = ok('Support contact retrieved successfully', contact);
  });
}
