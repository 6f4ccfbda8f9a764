import type Router from '@koa/router';
import type { Context } from 'koa';
import {
  assertCanAccessInstitution,
  assertSignedIn,
  NotFoundError,
  ok,
  routeId,
  ValidationError,
  type AuthenticatedUser,
} from '@credit/events';
import type { QueryDeps } from '../queryDeps';
import { readsFrom } from '../readYourWrites';
import { paging } from '../results/listing';
import { toHistoryEntry, toParameterValue } from './parameterValueRows';
import {
  INSTITUTION_PARAMETER_HISTORY,
  INSTITUTION_PARAMETER_VALUES,
  INSTITUTIONS,
  MODEL_PARAMETER_TEMPLATES,
  type InstitutionRow,
  type ParameterHistoryRow,
  type ParameterTemplateRow,
  type ParameterValueRow,
} from '@credit/projectors/src/readModels';

const HISTORY_LIMIT = { default: 100, max: 500 };

/** An institution's values: every template it may see, with its own value or the template's default. */
export function institutionParameterQueries(router: Router, deps: QueryDeps): void {
  const fresh = readsFrom(deps, 'scoring-model', 'institution-parameters', 'identity');

  const institutionFor = async (user: AuthenticatedUser, id: string | undefined): Promise<number> => {
    const institutionId = id === undefined ? user.institutionId : routeId(id, 'Institution');
    if (institutionId === null) throw new ValidationError('Institution ID is required');
    assertCanAccessInstitution(user, institutionId);
    const exists = await deps.knex<InstitutionRow>(INSTITUTIONS).where({ id: institutionId }).whereNot('status', 'closed').first('id');
    if (!exists) throw new NotFoundError('Institution not found');
    return institutionId;
  };

  const valuesOf = async (user: AuthenticatedUser, institutionId: number) => {
    const templates = deps.knex<ParameterTemplateRow>(MODEL_PARAMETER_TEMPLATES).orderBy('unique_code').orderBy('id');
    if (!user.isAdmin) templates.where({ is_active: true });
    const [rows, values, latest] = await Promise.all([
      templates,
      deps.knex<ParameterValueRow>(INSTITUTION_PARAMETER_VALUES).where({ institution_id: institutionId }),
      deps
        .knex<ParameterHistoryRow>(INSTITUTION_PARAMETER_HISTORY)
        .distinctOn('parameter_id')
        .where({ institution_id: institutionId })
        .orderBy([{ column: 'parameter_id' }, { column: 'position', order: 'desc' }]),
    ]);
    return rows.map((template) =>
      toParameterValue(
        institutionId,
        template,
        values.find((value) => value.parameter_id === template.id),
        latest.find((change) => change.parameter_id === template.id),
      ),
    );
  };

  const parametersFor = async (ctx: Context, id: string | undefined) => {
    const user = assertSignedIn(ctx.state.user);
    const institutionId = await institutionFor(user, id);
    ctx.body = ok('Parameters retrieved successfully', await valuesOf(user, institutionId));
  };
  router.get('/institution/getParametersForInstitution/:id', fresh, (ctx) => parametersFor(ctx, ctx.params.id));
  router.post('/institution/getParametersForInstitution/:id', fresh, (ctx) => parametersFor(ctx, ctx.params.id));
  router.get('/institution/getParameters/:id', fresh, (ctx) => parametersFor(ctx, ctx.params.id));

  // Without an id: an institution's own values; for an admin, every institution's saved values (or one, by ?institutionId=).
  router.get('/institution/getParameters', fresh, async (ctx) => {
    const user = assertSignedIn(ctx.state.user);
    const requested = ctx.query.institutionId === undefined ? undefined : String(ctx.query.institutionId);
    if (!user.isAdmin || requested !== undefined) return parametersFor(ctx, requested);
    const rows = await deps
      .knex({ v: INSTITUTION_PARAMETER_VALUES })
      .join({ t: MODEL_PARAMETER_TEMPLATES }, 't.id', 'v.parameter_id')
      .select<(ParameterValueRow & { template: ParameterTemplateRow })[]>('v.*', deps.knex.raw('to_jsonb(t.*) AS template'))
      .orderBy([{ column: 'v.institution_id' }, { column: 't.unique_code' }]);
    ctx.body = ok(
      'Parameters retrieved successfully',
      rows.map((row) => toParameterValue(row.institution_id, row.template, row, undefined)),
    );
  });

  const history = async (ctx: Context, id: string | undefined) => {
    const user = assertSignedIn(ctx.state.user);
    const institutionId = await institutionFor(user, id);
    // Whole numbers only, as every other list: page=1.5 gave a fractional offset that knex dropped with a warning (page 1 again).
    const { page, limit, offset } = paging(ctx.query, HISTORY_LIMIT.default, HISTORY_LIMIT.max);
    const rows = await deps
      .knex<ParameterHistoryRow>(INSTITUTION_PARAMETER_HISTORY)
      .where({ institution_id: institutionId })
      .orderBy([{ column: 'position', order: 'desc' }, { column: 'seq' }])
      .limit(limit)
      .offset(offset);
    ctx.body = ok(
      rows.length === 0 && page === 1 ? 'No change history available' : 'Change history retrieved successfully',
      rows.map(toHistoryEntry),
    );
  };
  router.get('/institution/parameterHistory/:institutionId', fresh, (ctx) => history(ctx, ctx.params.institutionId));
  router.get('/institution/parameterHistory', fresh, (ctx) => history(ctx, undefined));
}
