import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * Sends a query as a prepared statement named after its text: each pooled connection parses it
 * once, and after five runs PostgreSQL keeps one generic plan instead of planning every call. Only
 * for lookups by key, whose best plan does not depend on the values sent (a search's or a page's
 * plan does, so they are planned each time). Under 20 readers at a million results, PostgreSQL
 * spent about a third of its statements' time planning, most of it on these few per-request
 * statements (README, "Prepared statements"). Never for `SELECT *`: a column added by another
 * process's migration would change a prepared statement's columns, which PostgreSQL refuses.
 */
export function prepared<Query extends Knex.QueryBuilder | Knex.Raw>(query: Query): Query {
  const name = `p_${createHash('sha1').update(query.toSQL().sql).digest('base64url').slice(0, 24)}`;
  query.options({ name });
  return query;
}
