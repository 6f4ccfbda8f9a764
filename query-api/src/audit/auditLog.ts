import type { Knex } from 'knex';
import { AUDIT_LOG, type AuditRow } from '@credit/projectors/src/readModels';
import type { AuditFilters } from './auditFilters';
import { pagination } from '../results/listing';

/** An audit entry as the API shows it: the spec's timestamp, user, action, description, ip, and the rest of the metadata. */
export const toAuditEntry = (row: AuditRow) => ({
  id: Number(row.position),
  position: Number(row.position),
  eventId: row.event_id,
  eventType: row.event_type,
  timestamp: row.occurred_at,
  user: row.actor_name,
  actor: { id: row.actor_id, role: row.actor_role, name: row.actor_name },
  action: row.action,
  description: row.description,
  descriptionCode: row.description_code,
  descriptionParams: row.description_params,
  ip: row.ip,
  userAgent: row.user_agent,
  institutionId: row.institution_id,
  correlationId: row.correlation_id,
  details: row.details,
});

const contains = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

function filtered(knex: Knex, filters: AuditFilters) {
  const query = knex<AuditRow>(AUDIT_LOG);
  if (filters.from) query.where('occurred_at', '>=', filters.from);
  if (filters.to) query.where('occurred_at', filters.to.inclusive ? '<=' : '<', filters.to.at);
  if (filters.action) query.where('action', filters.action);
  if (filters.institutionId !== null) query.where('institution_id', filters.institutionId);
  const { actor, search } = filters;
  if (actor) query.where((either) => either.whereRaw('actor_name ILIKE ?', [contains(actor)]).orWhere('actor_id', actor));
  if (search) {
    query.where((any) =>
      any
        .whereRaw('description ILIKE ?', [contains(search)])
        .orWhereRaw('actor_name ILIKE ?', [contains(search)])
        .orWhereRaw('ip ILIKE ?', [contains(search)]),
    );
  }
  return query;
}

/** One page of the audit log, newest first, with the total the filters match. */
export async function auditPage(knex: Knex, filters: AuditFilters) {
  const [{ total }] = await filtered(knex, filters).count<{ total: string }[]>({ total: '*' });
  const rows = await filtered(knex, filters)
    .orderBy('occurred_at', 'desc')
    .orderBy('position', 'desc')
    .limit(filters.limit)
    .offset((filters.page - 1) * filters.limit);
  return { logs: (rows as AuditRow[]).map(toAuditEntry), pagination: pagination(Number(total), filters) };
}
