import type Router from '@koa/router';
import { assertAdmin, assertOwner, ok, routeId } from '@credit/events';
import type { QueryDeps } from '../queryDeps';
import { readsFrom } from '../readYourWrites';
import { teamOf, toTeamMember } from '@credit/projectors/src/team/teamTables';

/** The team: the owner's list of its members, and an institution's members for administrators. Registered before `/institution/:id`. */
export function teamQueries(router: Router, deps: QueryDeps): void {
  const fresh = readsFrom(deps, 'team');

  router.get('/institution/members', fresh, async (ctx) => {
    const owner = assertOwner(ctx.state.user);
    const rows = await teamOf(deps.knex, owner.institutionId);
    ctx.body = ok('Members retrieved successfully', rows.map(toTeamMember));
  });

  router.get('/admin/institutions/:id/members', fresh, async (ctx) => {
    assertAdmin(ctx.state.user);
    const rows = await teamOf(deps.knex, routeId(ctx.params.id, 'Institution'));
    ctx.body = ok('Members retrieved successfully', rows.map(toTeamMember));
  });
}
