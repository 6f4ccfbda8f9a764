import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { assertSignedIn, NotFoundError, ok, routeId } from '@credit/events';
import type { QueryDeps } from '../queryDeps';
import { numericIdRoute } from '../numericIdRoute';
import { readsFrom } from '../readYourWrites';
import { toCategory, toTemplate, toVariable } from './modelRows';
import {
  INSTITUTION_PARAMETER_VALUES,
  MODEL_CATEGORIES,
  MODEL_PARAMETER_TEMPLATES,
  MODEL_VARIABLE_MAPPINGS,
  MODEL_VARIABLES,
  type CategoryRow,
  type ParameterTemplateRow,
  type ParameterValueRow,
  type VariableMappingRow,
  type VariableRow,
} from '@credit/projectors/src/readModels';

const wantsAssociations = (ctx: Context) => String(ctx.query.includeAssociations ?? '').toLowerCase() === 'true';

async function withAssociations(knex: Knex, rows: VariableRow[]) {
  const ids = rows.map((row) => row.id);
  const [categories, mappings] = await Promise.all([
    knex<CategoryRow>(MODEL_CATEGORIES).whereIn('id', [...new Set(rows.map((row) => row.category_id))]),
    knex<VariableMappingRow>(MODEL_VARIABLE_MAPPINGS).whereIn('variable_id', ids).orderBy(['variable_id', 'ordinal']),
  ]);
  return rows.map((row) =>
    toVariable(row, {
      category: categories.find((category) => category.id === row.category_id),
      mappings: mappings.filter((mapping) => mapping.variable_id === row.id),
    }),
  );
}

/** Categories, variables and parameter templates; any signed-in user may read the model, only admins change it. */
export function modelQueries(router: Router, deps: QueryDeps): void {
  const fresh = readsFrom(deps, 'scoring-model');
  const freshWithValues = readsFrom(deps, 'scoring-model', 'institution-parameters');

  for (const path of ['/variableCategory/all', '/variable/categories']) {
    router.get(path, fresh, async (ctx) => {
      assertSignedIn(ctx.state.user);
      const rows = await deps.knex<CategoryRow>(MODEL_CATEGORIES).orderBy('id');
      const counts: { category_id: number; count: string }[] = await deps
        .knex(MODEL_VARIABLES)
        .select('category_id')
        .count({ count: '*' })
        .groupBy('category_id');
      ctx.body = ok(
        'Categories retrieved successfully',
        rows.map((row) => ({
          ...toCategory(row),
          variableCount: Number(counts.find((count) => count.category_id === row.id)?.count ?? 0),
        })),
      );
    });
  }

  const listVariables = (always: boolean) => async (ctx: Context) => {
    assertSignedIn(ctx.state.user);
    const rows = await deps.knex<VariableRow>(MODEL_VARIABLES).orderBy(['category_id', 'id']);
    const variables = always || wantsAssociations(ctx) ? await withAssociations(deps.knex, rows) : rows.map((row) => toVariable(row, null));
    ctx.body = ok('Variables retrieved successfully', variables);
  };
  router.get('/variable/all', fresh, listVariables(false));
  router.get('/variable/list', fresh, listVariables(true));

  router.get(
    '/variable/:id',
    numericIdRoute(fresh, async (ctx: Context) => {
      assertSignedIn(ctx.state.user);
      const row = await deps
        .knex<VariableRow>(MODEL_VARIABLES)
        .where({ id: routeId(ctx.params.id, 'Variable') })
        .first();
      if (!row) throw new NotFoundError('Variable not found');
      const [variable] = wantsAssociations(ctx) ? await withAssociations(deps.knex, [row]) : [toVariable(row, null)];
      ctx.body = ok('Variable retrieved successfully', variable);
    }),
  );

  // Institutions see only active templates, each with their own value; an admin may name an institution.
  router.get('/parameter/all', freshWithValues, async (ctx) => {
    const user = assertSignedIn(ctx.state.user);
    const query = deps.knex<ParameterTemplateRow>(MODEL_PARAMETER_TEMPLATES).orderBy('unique_code').orderBy('id');
    if (!user.isAdmin) query.where({ is_active: true });
    const rows = await query;
    const requested = Number(ctx.query.institutionId);
    const institutionId = user.isAdmin ? (Number.isSafeInteger(requested) && requested > 0 ? requested : null) : user.institutionId;
    const values: ParameterValueRow[] =
      institutionId === null
        ? []
        : await deps.knex<ParameterValueRow>(INSTITUTION_PARAMETER_VALUES).where({ institution_id: institutionId });
    ctx.body = ok(
      'Parameters retrieved successfully',
      rows.map((row) => {
        const own = values.find((value) => value.parameter_id === row.id);
        return {
          ...toTemplate(row),
          institutionValue: institutionId === null || !row.is_institution_specific ? null : (own?.value ?? row.default_value),
        };
      }),
    );
  });

  router.get(
    '/parameter/:id',
    numericIdRoute(fresh, async (ctx: Context) => {
      const user = assertSignedIn(ctx.state.user);
      const row = await deps
        .knex<ParameterTemplateRow>(MODEL_PARAMETER_TEMPLATES)
        .where({ id: routeId(ctx.params.id, 'Parameter') })
        .first();
      if (!row || (!user.isAdmin && !row.is_active)) throw new NotFoundError('Parameter not found');
      ctx.body = ok('Parameter retrieved successfully', toTemplate(row));
    }),
  );
}
