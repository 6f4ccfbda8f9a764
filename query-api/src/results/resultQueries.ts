import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { assertCanAccessInstitution, assertSignedIn, NotFoundError, ok, routeId, type AuthenticatedUser } from '@credit/events';
import type { QueryDeps } from '../queryDeps';
import { prepared } from '../preparedStatements';
import { readsFrom } from '../readYourWrites';
import { assertVisibleTo, toBatch, visibleBatch } from './batchRows';
import { batchComparison } from './batchComparison';
import { heavyRequests } from './heavyRequests';
import { withInstitutions } from './institutionNames';
import { resultExport } from './resultExport';
import { versionScoredUnder } from './modelVersions';
import { batchSummary, listResults, RESULT_COLUMNS, resultsBase, toResult } from './resultRows';
import { CLIENTS } from '@credit/projectors/src/readModels';

export function resultQueries(router: Router, deps: QueryDeps): void {
  const fresh = readsFrom(deps, 'scoring');
  const { knex } = deps;

  const all = async (ctx: Context) => {
    const user = assertSignedIn(ctx.state.user);
    const data = await listResults(knex, { institutionId: user.isAdmin ? null : user.institutionId }, ctx.query);
    ctx.body = ok('Results retrieved successfully', user.isAdmin ? { ...data, results: await withInstitutions(knex, data.results) } : data);
  };
  router.get('/result/getAllResults', fresh, all);
  router.get('/results', fresh, all);

  router.get('/result/institution/:id', fresh, async (ctx) => {
    const institutionId = routeId(ctx.params.id, 'Institution');
    assertCanAccessInstitution(ctx.state.user, institutionId);
    const data = await listResults(knex, { institutionId }, ctx.query);
    ctx.body = ok('Institution results retrieved successfully', data);
  });

  router.get('/result/batch/:id', fresh, async (ctx) => {
    const batch = await visibleBatch(knex, ctx.state.user, routeId(ctx.params.id, 'Batch'));
    const [data, summary] = await Promise.all([
      listResults(knex, { institutionId: batch.institution_id, batchId: batch.id, batchStatus: batch.status }, ctx.query),
      batchSummary(knex, batch.id),
    ]);
    ctx.body = ok('Batch results retrieved successfully', { ...data, batch: toBatch(batch), batchSummary: summary });
  });

  const clientResults = async (ctx: Context) => {
    const clientId = routeId(ctx.params.id, 'Client');
    const client = await visibleClient(knex, ctx.state.user, clientId);
    const batchId = ctx.query.uploadBatchId ? routeId(String(ctx.query.uploadBatchId), 'Batch') : null;
    // With where each result's record sits, for the explanation.
    const rows = await prepared(
      resultsBase(knex, { institutionId: client.institution_id, clientId, batchId })
        .select([...RESULT_COLUMNS, 'r.chunk', 'r.chunk_row', 'b.headers'])
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc'),
    );
    return { client, rows };
  };
  router.get('/result/client/:id/latest', fresh, async (ctx) => {
    const { rows } = await clientResults(ctx);
    if (rows.length === 0) throw new NotFoundError('No result found');
    ctx.body = ok('Client result retrieved successfully', toResult(rows[0]));
  });
  router.get('/result/client/:id/history', fresh, async (ctx) => {
    const { rows } = await clientResults(ctx);
    ctx.body = ok('Client history retrieved successfully', rows.map(toResult));
  });
  router.get('/result/client/:id/detailed', fresh, async (ctx) => {
    const { rows } = await clientResults(ctx);
    if (rows.length === 0) throw new NotFoundError('No result found');
    const latest = rows[0];
    // A result carries its batch's institution and model version (the scoring projection copies them).
    const [explanation, model] = await Promise.all([
      deps.scoring.explain({
        institutionId: latest.institution_id,
        modelVersion: Number(latest.model_version),
        headers: latest.headers,
        batchId: latest.batch_id,
        chunk: latest.chunk,
        chunkRow: latest.chunk_row,
      }),
      // Named as the compare names the batch's version: the same batch, the same number on both pages.
      versionScoredUnder(deps.scoring, latest.institution_id, latest.model_version),
    ]);
    ctx.body = ok('Client result details retrieved successfully', {
      result: toResult(latest),
      model,
      explanation,
      history: rows.map(toResult),
    });
  });

  const heavy = heavyRequests();
  resultExport(router, deps, fresh, heavy);
  batchComparison(router, deps, fresh, heavy);
}

async function visibleClient(knex: Knex, user: AuthenticatedUser | undefined, clientId: number) {
  const signedIn = assertSignedIn(user);
  const client = await knex(CLIENTS).where({ id: clientId }).first();
  if (!client) throw new NotFoundError('Client not found');
  assertVisibleTo(signedIn, client.institution_id, 'Client not found');
  return client as { id: string; institution_id: number };
}
