import type Router from '@koa/router';
import type { Knex } from 'knex';
import { NotFoundError, ok, routeId, ValidationError } from '@credit/events';
import { INSTITUTIONS } from '@credit/projectors/src/readModels';
import type { QueryDeps } from '../queryDeps';
import { complianceReader } from './complianceAccess';
import { momentOfQuery, momentParameter, resolveMoment, type Moment } from './moments';

async function knownInstitution(knex: Knex, id: string | undefined): Promise<number> {
  const institutionId = routeId(id, 'Institution');
  if (!(await knex(INSTITUTIONS).where({ id: institutionId }).first('id'))) throw new NotFoundError('Institution not found');
  return institutionId;
}

/**
 * Time travel (read from the log, never from a projection, so nothing to wait for):
 * - `GET /admin/compliance/model?at=<date or date-time>|position=<n>`: the scoring model as it stood then;
 * - `GET /admin/compliance/model/diff?from=…&to=…`: what was added, removed or changed between two moments, by whom and when;
 * - `GET /admin/compliance/institutions/:id/parameters?at=…|position=…` and `…/parameters/diff?from=…&to=…`: the same for an institution's parameter values.
 * A moment is `now`, a log position (whole number) or a date-time; a date-time stands for the last
 * position recorded at or before it, a bare date for the end of that day (UTC).
 */
export function timeTravelQueries(router: Router, deps: QueryDeps): void {
  const { compliance } = deps;
  const resolve = async (requested: { name: string; text: string; moment: Moment }) =>
    resolveMoment(requested, requested.name, { head: await compliance.head(), positionAt: compliance.positionAt });

  const between = async (query: Record<string, unknown>) => {
    const [from, to] = [momentParameter(query, 'from'), momentParameter(query, 'to', 'now')];
    const head = await compliance.head();
    const log = { head, positionAt: compliance.positionAt };
    const resolved = { from: await resolveMoment(from, 'from', log), to: await resolveMoment(to, 'to', log) };
    if (resolved.from.position > resolved.to.position) throw new ValidationError('from must not be after to');
    return resolved;
  };

  router.get('/admin/compliance/model', complianceReader, async (ctx) => {
    const moment = await resolve(momentOfQuery(ctx.query));
    ctx.body = ok('Model as of the moment asked', { moment, ...(await compliance.modelAt(moment.position)) });
  });

  router.get('/admin/compliance/model/diff', complianceReader, async (ctx) => {
    const { from, to } = await between(ctx.query);
    ctx.body = ok('Model changes between the two moments', { from, to, ...(await compliance.modelDiff(from.position, to.position)) });
  });

  router.get('/admin/compliance/institutions/:id/parameters', complianceReader, async (ctx) => {
    const institutionId = await knownInstitution(deps.knex, ctx.params.id);
    const moment = await resolve(momentOfQuery(ctx.query));
    ctx.body = ok('Institution parameters as of the moment asked', {
      moment,
      ...(await compliance.institutionParametersAt(institutionId, moment.position)),
    });
  });

  router.get('/admin/compliance/institutions/:id/parameters/diff', complianceReader, async (ctx) => {
    const institutionId = await knownInstitution(deps.knex, ctx.params.id);
    const { from, to } = await between(ctx.query);
    ctx.body = ok('Institution parameter changes between the two moments', {
      institutionId,
      from,
      to,
      ...(await compliance.institutionParametersDiff(institutionId, from.position, to.position)),
    });
  });
}
