import type Router from '@koa/router';
import type { Knex } from 'knex';
import { assertCanAccessInstitution, assertSignedIn, ok, routeId } from '@credit/events';
import type { QueryDeps } from '../queryDeps';
import { readsFrom } from '../readYourWrites';
import { VISIBLE_STATUSES } from '../results/resultRows';
import {
  BATCHES,
  INSTITUTION_PARAMETER_CONFIRMATIONS,
  INSTITUTION_PARAMETER_HISTORY,
  TEMPLATE_DOWNLOADS,
} from '@credit/projectors/src/readModels';

/** The first-day checklist's steps, in the order a new institution takes them. */
export const FIRST_STEPS = ['parametersReviewed', 'templateDownloaded', 'firstBatchScored'] as const;
export type FirstStep = { step: (typeof FIRST_STEPS)[number]; done: boolean; doneAt: string | null };

const when = (row: { at: Date | string | null } | undefined) => (row?.at ? new Date(row.at).toISOString() : null);

/** When the institution first did each step, or null: read from the read models that hold the facts. */
async function firstSteps(knex: Knex, institutionId: number): Promise<FirstStep[]> {
  const [parameters, template, batch] = await Promise.all([
    // Reviewed by the first save: one that changed a value, or one that kept them all as they stood (least skips a null).
    knex.first(
      knex.raw('least(?, ?) AS at', [
        knex(INSTITUTION_PARAMETER_HISTORY).where({ institution_id: institutionId }).min('changed_at'),
        knex(INSTITUTION_PARAMETER_CONFIRMATIONS).where({ institution_id: institutionId }).select('confirmed_at'),
      ]),
    ),
    knex(TEMPLATE_DOWNLOADS).where({ institution_id: institutionId }).first('downloaded_at AS at'),
    knex(BATCHES)
      .where({ institution_id: institutionId })
      .whereIn('status', VISIBLE_STATUSES)
      .first(knex.raw('min(coalesce(completed_at, updated_at)) AS at')),
  ]);
  const doneAt = { parametersReviewed: when(parameters), templateDownloaded: when(template), firstBatchScored: when(batch) };
  return FIRST_STEPS.map((step) => ({ step, done: doneAt[step] !== null, doneAt: doneAt[step] }));
}

/**
 * `GET /institution/first-steps` (an admin adds `institutionId`): the first-day checklist of the
 * institution's own state — credit parameters saved once (changed, or confirmed as they stood), the
 * template or sample downloaded, a batch scored — with `complete` once all three are done.
 */
export function firstStepsQuery(router: Router, deps: QueryDeps): void {
  const fresh = readsFrom(deps, 'institution-parameters', 'template-downloads', 'scoring');
  router.get('/institution/first-steps', fresh, async (ctx) => {
    const user = assertSignedIn(ctx.state.user);
    const institutionId = user.isAdmin ? routeId(String(ctx.query.institutionId ?? ''), 'Institution') : (user.institutionId as number);
    assertCanAccessInstitution(user, institutionId);
    const steps = await firstSteps(deps.knex, institutionId);
    ctx.body = ok('First steps retrieved successfully', { steps, complete: steps.every((step) => step.done) });
  });
}
