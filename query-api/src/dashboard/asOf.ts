import type { Knex } from 'knex';

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

const INSTITUTION_STATUS_EVENTS = [
  'InstitutionRegistered',
  'InstitutionApproved',
  'InstitutionActivated',
  'InstitutionRejected',
  'InstitutionDeactivated',
  'InstitutionClosed',
];
const TEMPLATE_EVENTS = ['ParameterTemplateCreated', 'ParameterTemplateUpdated', 'ParameterTemplateDeleted'];

/** Each stream's last event of the given types up to `at`: the fold of its status, read off the audit rows. */
const latestPerStream = (knex: Knex, types: string[], at: Date) =>
  knex('audit_log')
    .select(knex.raw('DISTINCT ON (stream_id) event_type'))
    .whereIn('event_type', types)
    .where('occurred_at', '<=', at)
    .orderByRaw('stream_id, position DESC');

/**
 * The identity figures as they stood at `at`, folded from the audit rows' status events exactly as
 * the identity projection folds them now.
 */
export async function identityFiguresAsOf(knex: Knex, at: Date): Promise<IdentityFigures> {
  const institutions = await knex
    .from(latestPerStream(knex, INSTITUTION_STATUS_EVENTS, at).as('latest'))
    .first(
      knex.raw(`count(*) FILTER (WHERE event_type <> 'InstitutionClosed') AS accounts`),
      knex.raw(`count(*) FILTER (WHERE event_type IN ('InstitutionApproved', 'InstitutionActivated')) AS active`),
      knex.raw(`count(*) FILTER (WHERE event_type = 'InstitutionRegistered') AS pending`),
    );
  const admins = await knex
    .from(latestPerStream(knex, ['AdminCreated', 'AdminDeactivated'], at).as('latest'))
    .first(knex.raw(`count(*) FILTER (WHERE event_type = 'AdminCreated') AS active`));
  return {
    institutionAccounts: Number(institutions.accounts),
    activeInstitutions: Number(institutions.active),
    pendingApprovals: Number(institutions.pending),
    activeAdmins: Number(admins.active),
  };
}

/** The identity figures now, from the identity read model the admin screens list. */
export async function identityFiguresNow(knex: Knex): Promise<IdentityFigures> {
  const institutions = await knex('institutions').first(
    knex.raw(`count(*) FILTER (WHERE status <> 'closed') AS accounts`),
    knex.raw('count(*) FILTER (WHERE is_active) AS active'),
    knex.raw(`count(*) FILTER (WHERE status = 'pending') AS pending`),
  );
  const admins = await knex('admins').where({ is_active: true }).count<{ count: string }[]>({ count: '*' });
  return {
    institutionAccounts: Number(institutions.accounts),
    activeInstitutions: Number(institutions.active),
    pendingApprovals: Number(institutions.pending),
    activeAdmins: Number(admins[0].count),
  };
}

/**
 * Active parameter templates at `at` (or now): all templates share the model's stream, so each is
 * told apart by the parameter id its events carry, and its last event says whether it is active.
 */
export async function activeTemplatesAsOf(knex: Knex, at: Date | null): Promise<number> {
  const latest = knex('audit_log')
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
