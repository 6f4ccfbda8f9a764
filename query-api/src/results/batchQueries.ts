import type Router from '@koa/router';
import type { Context } from 'koa';
import { assertCanAccessInstitution, assertSignedIn, ok, routeId } from '@credit/events';
import type { QueryDeps } from '../queryDeps';
import { readsFrom, readsProgressFrom } from '../readYourWrites';
import { toBatch, visibleBatch } from './batchRows';
import { oneOf, pagination, paging } from './listing';
import { BATCH_ERRORS, BATCHES, type BatchErrorRow, type BatchRow } from '@credit/projectors/src/readModels';

const STATUSES = ['all', 'processing', 'completed', 'completed_with_errors', 'failed'] as const;

export function batchQueries(router: Router, deps: QueryDeps): void {
  const fresh = readsFrom(deps, 'scoring');
  // The list and a batch's status show its progress while it is scored: they wait for every batch
  // started (or failed) before the query, not for the records still being scored after it.
  const progress = readsProgressFrom(deps, ['BatchUploadStarted', 'BatchUploadFailed'], 'scoring');

  const listBatches = async (ctx: Context, institutionId: number | null) => {
    const page = paging(ctx.query, 20, 100);
    const status = oneOf(ctx.query.status, STATUSES, 'all', 'status');
    const query = deps.knex<BatchRow>(BATCHES);
    if (institutionId !== null) query.where({ institution_id: institutionId });
    if (status !== 'all') query.where({ status });
    const [{ count }] = await query.clone().count<{ count: string }[]>('* as count');
    const rows = await query.clone().select().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset);
    ctx.body = ok('Batches retrieved successfully', { batches: rows.map(toBatch), pagination: pagination(Number(count), page) });
  };

  router.get('/csv/upload/batches/:institutionId', progress, async (ctx) => {
    const institutionId = routeId(ctx.params.institutionId, 'Institution');
    assertCanAccessInstitution(ctx.state.user, institutionId);
    await listBatches(ctx, institutionId);
  });
  router.get('/csv/batches', progress, async (ctx) => {
    const user = assertSignedIn(ctx.state.user);
    await listBatches(ctx, user.isAdmin ? null : user.institutionId);
  });
  router.get('/csv/batch/:id', progress, async (ctx) => {
    const batch = await visibleBatch(deps.knex, ctx.state.user, routeId(ctx.params.id, 'Batch'));
    ctx.body = ok('Batch retrieved successfully', toBatch(batch));
  });
  router.get('/csv/batch/:id/errors', fresh, async (ctx) => {
    const batch = await visibleBatch(deps.knex, ctx.state.user, routeId(ctx.params.id, 'Batch'));
    const page = paging(ctx.query, 100, 1000);
    const query = deps.knex<BatchErrorRow>(BATCH_ERRORS).where({ batch_id: batch.id });
    const [{ count }] = await query.clone().count<{ count: string }[]>('* as count');
    const rows = await query.clone().select('row_number', 'column_name', 'reason').orderBy('seq').limit(page.limit).offset(page.offset);
    ctx.body = ok('Batch errors retrieved successfully', {
      batchId: batch.id,
      status: batch.status,
      failureReason: batch.failure_reason,
      errors: rows.map((row) => ({ row: row.row_number, column: row.column_name, reason: row.reason })),
      pagination: pagination(Number(count), page),
    });
  });
}
