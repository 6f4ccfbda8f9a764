import Router from '@koa/router';
import { healthRoute } from './health/healthRoute';
import { identityQueries } from './identity/identityQueries';
import type { QueryDeps } from './queryDeps';

export { readsFrom } from './readYourWrites';
export type { QueryDeps } from './queryDeps';

export function createQueryRouter(deps: QueryDeps): Router {
  const router = new Router();
  healthRoute(router, deps);
  identityQueries(router, deps);
  return router;
}
