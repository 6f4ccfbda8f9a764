import type Router from '@koa/router';
import { assertAdmin, ok } from '@credit/events';
import type { QueryDeps } from '../queryDeps';
import { readsFrom } from '../readYourWrites';
import { toAuditEntry, type AuditRow } from '../audit/auditLog';
import { activeTemplatesAsOf, identityFiguresAsOf, identityFiguresNow, sameDayLastMonth } from './asOf';

const RECENT_ACTIVITY = 10;

const figure = (value: number, lastMonth: number) => ({ value, lastMonth, change: value - lastMonth });

/** The admin dashboard's four figures, each against the same day last month, and the latest audit rows. */
export function dashboardQueries(router: Router, deps: QueryDeps): void {
  const fresh = readsFrom(deps, 'identity', 'audit');

  router.get('/admin/dashboard', fresh, async (ctx) => {
    assertAdmin(ctx.state.user);
    const then = sameDayLastMonth(new Date());
    const [now, past, templates, pastTemplates, recent] = await Promise.all([
      identityFiguresNow(deps.knex),
      identityFiguresAsOf(deps.knex, then),
      activeTemplatesAsOf(deps.knex, null),
      activeTemplatesAsOf(deps.knex, then),
      deps.knex<AuditRow>('audit_log').orderBy('occurred_at', 'desc').orderBy('position', 'desc').limit(RECENT_ACTIVITY),
    ]);
    ctx.body = ok('Dashboard retrieved successfully', {
      totalUsers: figure(now.institutionAccounts + now.activeAdmins, past.institutionAccounts + past.activeAdmins),
      activeInstitutions: figure(now.activeInstitutions, past.activeInstitutions),
      pendingApprovals: figure(now.pendingApprovals, past.pendingApprovals),
      systemParameters: figure(templates, pastTemplates),
      comparedWith: then.toISOString(),
      recentActivity: (recent as AuditRow[]).map(toAuditEntry),
    });
  });
}
