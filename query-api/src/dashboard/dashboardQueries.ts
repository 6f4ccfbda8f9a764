import type Router from '@koa/router';
import type { Knex } from 'knex';
import { assertAdmin, ok } from '@credit/events';
import type { QueryDeps } from '../queryDeps';
import { readsFrom } from '../readYourWrites';
import { toAuditEntry } from '../audit/auditLog';
import { AUDIT_LOG, type AuditRow } from '@credit/projectors/src/readModels';
import { activeTemplatesAsOf, identityFiguresAsOf, sameDayLastMonth } from './asOf';

const RECENT_ACTIVITY = 10;

const MONTHLY_EVENTS = { registrations: 'InstitutionRegistered', approvals: 'InstitutionApproved', batches: 'BatchUploadStarted' } as const;

/** Registrations, approvals and batches uploaded in each of the last 12 calendar months (UTC), this one included, from the audit log. */
async function lastTwelveMonths(knex: Knex, now: Date) {
  const months = Array.from({ length: 12 }, (_, index) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + index, 1)));
  const rows: { month: string; event_type: string; count: number }[] = await knex<AuditRow>(AUDIT_LOG)
    .whereIn('event_type', Object.values(MONTHLY_EVENTS))
    .where('occurred_at', '>=', months[0])
    .select(knex.raw(`to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month`), 'event_type', knex.raw('count(*)::int AS count'))
    .groupByRaw('1, 2');
  return months.map((start) => {
    const month = start.toISOString().slice(0, 7);
    const count = (type: string) => rows.find((row) => row.month === month && row.event_type === type)?.count ?? 0;
    return {
      month,
      registrations: count(MONTHLY_EVENTS.registrations),
      approvals: count(MONTHLY_EVENTS.approvals),
      batches: count(MONTHLY_EVENTS.batches),
    };
  });
}

const figure = (value: number, lastMonth: number) => ({ value, lastMonth, change: value - lastMonth });

/** The admin dashboard's four figures, each against the same day last month, the latest audit rows, and the last 12 months' activity. */
export function dashboardQueries(router: Router, deps: QueryDeps): void {
  const fresh = readsFrom(deps, 'account-status', 'audit');

  router.get('/admin/dashboard', fresh, async (ctx) => {
    assertAdmin(ctx.state.user);
    const then = sameDayLastMonth(new Date());
    const [now, past, templates, pastTemplates, recent, monthly] = await Promise.all([
      identityFiguresAsOf(deps.knex, null),
      identityFiguresAsOf(deps.knex, then),
      activeTemplatesAsOf(deps.knex, null),
      activeTemplatesAsOf(deps.knex, then),
      deps.knex<AuditRow>(AUDIT_LOG).orderBy('occurred_at', 'desc').orderBy('position', 'desc').limit(RECENT_ACTIVITY),
      lastTwelveMonths(deps.knex, new Date()),
    ]);
    ctx.body = ok('Dashboard retrieved successfully', {
      totalUsers: figure(now.institutionAccounts + now.activeAdmins, past.institutionAccounts + past.activeAdmins),
      activeInstitutions: figure(now.activeInstitutions, past.activeInstitutions),
      pendingApprovals: figure(now.pendingApprovals, past.pendingApprovals),
      systemParameters: figure(templates, pastTemplates),
      comparedWith: then.toISOString(),
      recentActivity: (recent as AuditRow[]).map(toAuditEntry),
      monthly,
    });
  });
}
