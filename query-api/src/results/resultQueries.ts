import { Readable } from 'node:stream';
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
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
import { toBatch, visibleBatch, type BatchRecord } from './batchRows';
import { csvLine } from './exportCsv';
import { batchSummary, listResults, RESULT_COLUMNS, resultsBase, toResult } from './resultRows';

const MASK = '••••';
const IDENTITY = new Set([
  'name',
  'reference_number',
  'referencenumber',
  'reference number',
  'phonenumber',
  'phone_number',
  'phone',
  'email',
]);

export function resultQueries(router: Router, deps: QueryDeps): void {
  const fresh = readsFrom({ knex: deps.knex, timeoutMs: deps.readYourWritesTimeoutMs }, 'scoring');
  const { knex } = deps;

  const all = async (ctx: Context) => {
    const user = assertSignedIn(ctx.state.user);
    const data = await listResults(knex, { institutionId: user.isAdmin ? null : user.institutionId }, ctx.query);
    ctx.body = ok('Results retrieved successfully', data);
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
    const data = await listResults(knex, { institutionId: batch.institution_id, batchId: batch.id }, ctx.query);
    ctx.body = ok('Batch results retrieved successfully', {
      ...data,
      batch: toBatch(batch),
      batchSummary: await batchSummary(knex, batch.id),
    });
  });

  const clientResults = async (ctx: Context) => {
    const clientId = routeId(ctx.params.id, 'Client');
    const client = await visibleClient(knex, ctx.state.user, clientId);
    const batchId = ctx.query.uploadBatchId ? routeId(String(ctx.query.uploadBatchId), 'Batch') : null;
    const rows = await resultsBase(knex, { institutionId: client.institution_id, clientId, batchId })
      .select(RESULT_COLUMNS)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc');
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
    const stored = await knex('results').where({ id: latest.id }).first('chunk', 'chunk_row');
    const batch: BatchRecord = await knex('batches').where({ id: latest.batch_id }).first();
    const explanation = await deps.scoring.explain({
      institutionId: batch.institution_id,
      modelVersion: Number(batch.model_version),
      headers: batch.headers,
      batchId: batch.id,
      chunk: stored.chunk,
      chunkRow: stored.chunk_row,
    });
    ctx.body = ok('Client result details retrieved successfully', {
      result: toResult(latest),
      explanation,
      history: rows.map(toResult),
    });
  });

  router.get('/result/export', fresh, async (ctx) => {
    const user = assertSignedIn(ctx.state.user);
    const format = String(ctx.query.format ?? 'csv').toLowerCase();
    if (format !== 'csv') throw new ValidationError('Only format=csv is supported');
    const batch = ctx.query.uploadBatchId ? await visibleBatch(knex, user, routeId(String(ctx.query.uploadBatchId), 'Batch')) : null;
    const institutionId = batch ? batch.institution_id : user.isAdmin ? null : user.institutionId;
    const scope = { institutionId, batchId: batch?.id ?? null };
    const [{ count }] = await resultsBase(knex, scope).count<{ count: string }[]>('* as count');
    const variableColumns = batch ? await exportedVariables(deps, batch) : [];
    await deps.recordExport(user, ctx.state.meta, { institutionId, batchId: batch?.id ?? null, rows: Number(count), format });
    ctx.set('Content-Disposition', `attachment; filename="credit_results${batch ? `_batch_${batch.id}` : ''}.csv"`);
    ctx.type = 'text/csv; charset=utf-8';
    const records = batch ? await deps.scoring.batchRecords(batch.id) : [];
    ctx.body = Readable.from(exportLines(knex, scope, variableColumns, records));
  });

  router.get('/result/compare', fresh, async (ctx) => {
    const user = assertSignedIn(ctx.state.user);
    if (!ctx.query.uploadBatchId) throw new ValidationError('uploadBatchId is required');
    const batch = await visibleBatch(knex, user, routeId(String(ctx.query.uploadBatchId), 'Batch'));
    const rows = await knex({ r: 'results' })
      .join({ c: 'clients' }, 'c.id', 'r.client_id')
      .where('r.batch_id', batch.id)
      .orderBy('r.id')
      .select('r.id', 'r.credit_limit', 'r.interest_rate', 'r.chunk', 'r.chunk_row', 'c.id as client_id', 'c.name', 'c.reference_number');
    const records = await deps.scoring.batchRecords(batch.id);
    const rescored = await deps.scoring.rescore({
      institutionId: batch.institution_id,
      headers: batch.headers,
      rows: rows.map((row) => records[row.chunk][row.chunk_row]),
    });
    const clients = rows.map((row, index) => {
      const now = rescored.results[index];
      const old = { creditLimit: Number(row.credit_limit), interestRate: Number(row.interest_rate) };
      return {
        clientId: Number(row.client_id),
        name: row.name,
        reference_number: row.reference_number,
        old,
        new: now,
        creditLimitChange: now ? now.creditLimit - old.creditLimit : null,
        interestRateChange: now ? Math.round((now.interestRate - old.interestRate) * 100) / 100 : null,
        changed: !now || now.creditLimit !== old.creditLimit || now.interestRate !== old.interestRate,
      };
    });
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    const scored = clients.filter((client) => client.new !== null);
    ctx.body = ok('Comparison computed successfully', {
      batch: toBatch(batch),
      fromModelVersion: Number(batch.model_version),
      toModelVersion: rescored.modelVersion,
      totals: {
        clients: clients.length,
        changed: clients.filter((client) => client.changed).length,
        noLongerScorable: clients.length - scored.length,
        oldTotalCreditLimit: sum(clients.map((client) => client.old.creditLimit)),
        newTotalCreditLimit: sum(scored.map((client) => client.new!.creditLimit)),
        oldAvgInterestRate: clients.length ? round2(sum(clients.map((client) => client.old.interestRate)) / clients.length) : 0,
        newAvgInterestRate: scored.length ? round2(sum(scored.map((client) => client.new!.interestRate)) / scored.length) : 0,
      },
      clients,
    });
  });
}

const round2 = (value: number) => Math.round(value * 100) / 100;

async function visibleClient(knex: Knex, user: AuthenticatedUser | undefined, clientId: number) {
  const signedIn = assertSignedIn(user);
  const client = await knex('clients').where({ id: clientId }).first();
  if (!client) throw new NotFoundError('Client not found');
  if (!signedIn.isAdmin && signedIn.institutionId !== client.institution_id) throw new NotFoundError('Client not found');
  return client as { id: string; institution_id: number };
}

type ExportedVariable = { header: string; index: number; masked: boolean };

async function exportedVariables(deps: QueryDeps, batch: BatchRecord): Promise<ExportedVariable[]> {
  const masked = await deps.scoring.maskedColumns({
    institutionId: batch.institution_id,
    modelVersion: Number(batch.model_version),
    headers: batch.headers,
  });
  return batch.headers
    .map((header, index) => ({ header, index, masked: masked.has(index) }))
    .filter((column) => !IDENTITY.has(column.header.trim().toLowerCase()));
}

async function* exportLines(
  knex: Knex,
  scope: { institutionId: number | null; batchId: number | null },
  variables: ExportedVariable[],
  records: string[][][],
) {
  yield (
    '\uFEFF' +
    csvLine([
      'reference_number',
      'name',
      'phoneNumber',
      'email',
      'batch',
      'credit_limit_xaf',
      'interest_rate_percent',
      'sum_normalised_credit_limit_weights',
      'sum_normalised_interest_rate_weights',
      'createdAt',
      ...variables.map((variable) => variable.header),
    ])
  );
  let lastId = 0;
  for (;;) {
    const rows = await resultsBase(knex, scope)
      .where('r.id', '>', lastId)
      .select([...RESULT_COLUMNS, 'r.chunk', 'r.chunk_row'])
      .orderBy('r.id')
      .limit(2000);
    if (rows.length === 0) return;
    let chunk = '';
    for (const row of rows) {
      chunk += csvLine([
        row.reference_number,
        row.client_name,
        row.phone_number,
        row.email,
        row.batch_name,
        row.credit_limit,
        row.interest_rate,
        row.sum_normalised_credit_limit_weights,
        row.sum_normalised_interest_rate_weights,
        new Date(row.created_at).toISOString(),
        ...variables.map((variable) => (variable.masked ? MASK : records[row.chunk]?.[row.chunk_row]?.[variable.index])),
      ]);
    }
    yield chunk;
    lastId = Number(rows[rows.length - 1].id);
  }
}
