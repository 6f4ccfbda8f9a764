import type Router from '@koa/router';
import type { Knex } from 'knex';
import { assertAdmin, assertSignedIn, ForbiddenError, ok, type AuthenticatedUser } from '@credit/events';
import { DATABASE_ACCESSES, type DatabaseAccessRow } from '@credit/projectors/src/readModels';
import type { QueryDeps } from '../queryDeps';
import { readsFrom } from '../readYourWrites';
import { analyticsDictionary } from './analyticsDictionary';

/** An access as listed: never a password (PostgreSQL alone keeps its verifier). */
const toAccess = (row: DatabaseAccessRow) => ({
  role: row.role_name,
  scope: row.scope,
  institutionId: row.institution_id,
  memberId: row.member_id,
  label: row.label,
  connectionLimit: row.connection_limit,
  issuedAt: row.issued_at,
  issuedBy: row.issued_by,
  revokedAt: row.revoked_at,
  revokedBy: row.revoked_by,
});

/**
 * The accesses a caller connects with: a team member's own, the owner's those issued for the
 * institution rather than a member, an administrator's or auditor's the platform-wide ones.
 */
function ownAccesses(knex: Knex, user: AuthenticatedUser) {
  const query = knex<DatabaseAccessRow>(DATABASE_ACCESSES).whereNull('revoked_at').orderBy('issued_at', 'desc');
  if (user.isAdmin) return query.where({ scope: 'platform' });
  query.where({ scope: 'institution', institution_id: user.institutionId });
  return user.member ? query.where({ member_id: user.member.id }) : query.whereNull('member_id');
}

/**
 * `GET /institution/database-access` (the owner's list of its institution's accesses, revoked ones
 * included), `GET /admin/database-access` (every access), and `GET /analytics/dictionary`: the
 * `analytics` schema's views and columns from the catalog, an example query per view, and where the
 * caller's access connects (README, "The analytics schema").
 */
export function analyticsQueries(router: Router, deps: QueryDeps): void {
  const fresh = readsFrom(deps, 'databaseAccess');

  router.get('/institution/database-access', fresh, async (ctx) => {
    const user = assertSignedIn(ctx.state.user);
    if (user.isAdmin || user.institutionId === null || user.member)
      throw new ForbiddenError("Only the institution's owner lists its database access");
    const rows = await deps
      .knex<DatabaseAccessRow>(DATABASE_ACCESSES)
      .where({ institution_id: user.institutionId })
      .orderBy('issued_at', 'desc');
    ctx.body = ok('Database access retrieved successfully', { accesses: rows.map(toAccess), connection: deps.analyticsConnection ?? null });
  });

  router.get('/admin/database-access', fresh, async (ctx) => {
    assertAdmin(ctx.state.user);
    const rows = await deps.knex<DatabaseAccessRow>(DATABASE_ACCESSES).orderBy('issued_at', 'desc');
    ctx.body = ok('Database access retrieved successfully', { accesses: rows.map(toAccess), connection: deps.analyticsConnection ?? null });
  });

  router.get('/analytics/dictionary', fresh, async (ctx) => {
    const user = assertSignedIn(ctx.state.user);
    const [views, accesses] = await Promise.all([analyticsDictionary(deps.knex), ownAccesses(deps.knex, user)]);
    ctx.body = ok('Data dictionary retrieved successfully', {
      schema: 'analytics',
      views,
      connection: deps.analyticsConnection ?? null,
      accesses: accesses.map(toAccess),
    });
  });
}
