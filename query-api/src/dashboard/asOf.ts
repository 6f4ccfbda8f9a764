import type { Knex } from 'knex';
import { isInstitutionAccount, isInstitutionActive } from '@credit/events';
import { ACCOUNT_STATUS_HISTORY, AUDIT_LOG, type AccountStatus, type AccountStatusRow } from '@credit/projectors/src/readModels';

/** The same moment one calendar month earlier, on the month's last day when it is shorter (31 March → 28/29 February). */
export function sameDayLastMonth(now: Date): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const then = new Date(now);
  then.setUTCDate(1);
  then.setUTCMonth(month);
  then.setUTCDate(Math.min(now.getUTCDate(), lastDay));
  return then;
}

export type IdentityFigures = { institutionAccounts: number; activeInstitutions: number; pendingApprovals: number; activeAdmins: number };

/** How many accounts stood in each status. */
export type StatusCount = AccountStatus & { count: number };

/** The dashboard's identity figures from the number of accounts in each status (the statuses the shared fold gives). */
export function identityFigures(counts: readonly StatusCount[]): IdentityFigures {
  const figures: IdentityFigures = { institutionAccounts: 0, activeInstitutions: 0, pendingApprovals: 0, activeAdmins: 0 };
  for (const entry of counts) {
    if (entry.account === 'admin') {
      if (entry.status === 'active') figures.activeAdmins += entry.count;
      continue;
    }
    if (isInstitutionAccount(entry.status)) figures.institutionAccounts += entry.count;
    if (isInstitutionActive(entry.status)) figures.activeInstitutions += entry.count;
    if (entry.status === 'pending') figures.pendingApprovals += entry.count;
  }
  return figures;
}

/**
 * The identity figures as they stood at `at` (now, when null): each account's latest status in the
 * account-status history, which the account-status projection writes from the same fold as the
 * identity tables.
 */
export async function identityFiguresAsOf(knex: Knex, at: Date | null): Promise<IdentityFigures> {
  const latest = knex<AccountStatusRow>(ACCOUNT_STATUS_HISTORY)
    .distinctOn('account', 'account_id')
    .select('account', 'status')
    .orderBy([{ column: 'account' }, { column: 'account_id' }, { column: 'position', order: 'desc' }]);
  if (at) latest.where('changed_at', '<=', at);
  const counts: StatusCount[] = await knex
    .from(latest.as('latest'))
    .select('account', 'status', knex.raw('count(*)::int AS count'))
    .groupBy('account', 'status');
  return identityFigures(counts);
}

const TEMPLATE_EVENTS = ['ParameterTemplateCreated', 'ParameterTemplateUpdated', 'ParameterTemplateDeleted'];

/**
 * Active parameter templates at `at` (or now): all templates share the model's stream, so each is
 * told apart by the parameter id its events carry, and its last event says whether it is active.
 */
export async function activeTemplatesAsOf(knex: Knex, at: Date | null): Promise<number> {
  const latest = knex(AUDIT_LOG)
    .select(knex.raw(`DISTINCT ON (details->>'parameterId') event_type, details`))
    .whereIn('event_type', TEMPLATE_EVENTS)
    .orderByRaw(`details->>'parameterId', position DESC`);
  if (at) latest.where('occurred_at', '<=', at);
  const row = await knex
    .from(latest.as('latest'))
    .whereNot('event_type', 'ParameterTemplateDeleted')
    .whereRaw(`(details->>'isActive')::boolean IS TRUE`)
    .first(knex.raw('count(*) AS count'));
  return Number(row.count);
}
