import Router from '@koa/router';
import { analyticsQueries } from './analytics/analyticsQueries';
import { boundedReads } from './boundedReads';
import { callerKey, fairShare } from './fairShare';
import { readPlaces } from './readShare';
import { auditQueries } from './audit/auditQueries';
import { batchReplayQueries } from './compliance/batchReplayQueries';
import { eventBrowserQueries } from './compliance/eventBrowserQueries';
import { logQueries } from './compliance/logQueries';
import { timeTravelQueries } from './compliance/timeTravelQueries';
import { dashboardQueries } from './dashboard/dashboardQueries';
import { healthRoute } from './health/healthRoute';
import { identityQueries } from './identity/identityQueries';
import { institutionParameterQueries } from './institutionParameters/institutionParameterQueries';
import { modelQueries } from './model/modelQueries';
import type { QueryDeps } from './queryDeps';
import { batchQueries } from './results/batchQueries';
import { resultQueries } from './results/resultQueries';
import { workspaceDashboard } from './workspace/workspaceDashboard';
import { firstStepsQuery } from './workspace/firstSteps';
import { portfolioPerformance } from './workspace/portfolioPerformance';
import { settingsQueries } from './settings/settingsQueries';
import { supportContactQuery } from './settings/supportContactQuery';
import { teamQueries } from './team/teamQueries';

export { readsFrom, type StaleReads } from './readYourWrites';
export type { SlowReads } from './boundedReads';
export type { QueryDeps } from './queryDeps';
export type { ExportRecorder, ResultScoringPort } from './results/resultScoringPort';
export type { CompliancePort } from './compliance/compliancePort';

/** Only `/health` (and the admin's system information): for a process that runs the projectors alone. */
export function createHealthRouter(deps: QueryDeps): Router {
  const router = new Router();
  healthRoute(router, deps);
  return router;
}

export function createQueryRouter(queryDeps: QueryDeps): Router {
  const router = new Router();
  // Counts per process, shared by the health route and every query's read-your-writes wait or statement timeout.
  const slowReads = queryDeps.slowReads ?? { count: 0 };
  const readShare = queryDeps.readShare;
  const places = readShare ? readPlaces(readShare, queryDeps.knex, queryDeps.lastPositionOf) : undefined;
  const deps: QueryDeps = { ...queryDeps, staleReads: queryDeps.staleReads ?? { count: 0 }, slowReads, readPlaces: places };
  // First, so that they wrap every route of this router.
  router.use(boundedReads(slowReads));
  if (readShare && places)
    router.use(
      fairShare(
        { running: places, waiting: readShare.waiting },
        {
          keyOf: callerKey,
          refusal: 'Too many requests are running for this institution. Please try again in a few seconds.',
          retryAfterSeconds: 2,
        },
      ),
    );
  healthRoute(router, deps);
  // Before identityQueries: `/institution/members` is not an institution's id.
  teamQueries(router, deps);
  identityQueries(router, deps);
  modelQueries(router, deps);
  institutionParameterQueries(router, deps);
  batchQueries(router, deps);
  resultQueries(router, deps);
  auditQueries(router, deps);
  dashboardQueries(router, deps);
  workspaceDashboard(router, deps);
  firstStepsQuery(router, deps);
  portfolioPerformance(router, deps);
  settingsQueries(router, deps);
  supportContactQuery(router, deps);
  timeTravelQueries(router, deps);
  batchReplayQueries(router, deps);
  logQueries(router, deps);
  eventBrowserQueries(router, deps);
  analyticsQueries(router, deps);
  return router;
}
