import Router from '@koa/router';
import type { Knex } from 'knex';
import type { LogHead } from '@credit/events';
import { healthRoute } from './health/healthRoute';

export { readsFrom } from './readYourWrites';

export type QueryApiDeps = { knex: Knex; logHead: () => Promise<LogHead>; readYourWritesTimeoutMs: number };

export function createQueryRouter(deps: QueryApiDeps): Router {
  const router = new Router();
  healthRoute(router, deps);
  return router;
}
