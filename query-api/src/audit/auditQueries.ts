import type Router from '@koa/router';
import type { Context } from 'koa';
import { assertAdmin, assertCanAccessInstitution, assertSignedIn, ForbiddenError, ok, routeId } from '@credit/events';
import type { QueryDeps } from '../queryDeps';
import { readsFrom } from '../readYourWrites';
import { readAuditFilters } from './auditFilters';
import { auditPage } from './auditLog';

const MESSAGE = 'Audit logs retrieved successfully';

/** The admin's audit log over everything, and each institution's own activity (events about or by it). */
export function auditQueries(router: Router, deps: QueryDeps): void {
  const fresh = readsFrom(deps, 'audit');
  const ownActivity = async (ctx: Context, institutionId: number) => {
    const filters = { ...readAuditFilters(ctx.query), institutionId };
    ctx.body = ok(MESSAGE, await auditPage(deps.knex, filters));
  };

  router.get('/admin/audit', fresh, async (ctx) => {
    assertAdmin(ctx.state.user);
    ctx.body = ok(MESSAGE, await auditPage(deps.knex, readAuditFilters(ctx.query)));
  });

  router.get('/institution/audit', fresh, async (ctx) => {
    const user = assertSignedIn(ctx.state.user);
    if (user.institutionId === null)
      throw new ForbiddenError('Only an institution has its own activity; administrators use /api/admin/audit');
    await ownActivity(ctx, user.institutionId);
  });

  router.get('/institution/:id/audit', fresh, async (ctx) => {
    assertSignedIn(ctx.state.user);
    const id = routeId(ctx.params.id, 'Institution');
    assertCanAccessInstitution(ctx.state.user, id);
    await ownActivity(ctx, id);
  });
}
