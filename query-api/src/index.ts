import Router from '@koa/router';
import { auditQueries } from './audit/auditQueries';
import { dashboardQueries } from './dashboard/dashboardQueries';
import { healthRoute } from './health/healthRoute';
import { identityQueries } from './identity/identityQueries';
import type { QueryDeps } from './queryDeps';

export { readsFrom } from './readYourWrites';
export type { QueryDeps } from './queryDeps';

export function createQueryRouter(deps: QueryDeps): Router {
  const router = new Router();
  healthRoute(router, deps);
  identityQueries(router, deps);
  auditQueries(router, deps);
  dashboardQueries(router, deps);
  return router;
}
