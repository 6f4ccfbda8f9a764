import { Readable } from 'node:stream';
import type Router from '@koa/router';
import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import { assertSignedIn, routeId, ValidationError } from '@credit/events';
import type { QueryDeps } from '../queryDeps';
import { batchRecordReader } from './batchRecordReader';
import { MASK, maskedColumnsOf } from './maskedCells';
import { visibleBatch } from './batchRows';
import { csvLine, timestampToIso } from './exportCsv';
import { filteredResults, inBatchOrder, resultCounts, resultsBase, type BatchPosition } from './resultRows';
import type { BatchRow } from '@credit/projectors/src/readModels';

const PAGE = 5000;
/**
 * A CSV line's first cells in the file's order, then where the line's record is and the id a page
 * continues after. Rows come as arrays (no object per row); the time comes as its JSON text (ISO 8601
 * whatever the server's DateStyle) and is made `toISOString`'s form once per distinct time.
 */
const EXPORT_COLUMNS = [
  'c.reference_number',
  'c.name',
  'c.phone_number',
  'c.email',
  'b.name',
  'r.credit_limit',
  'r.interest_rate',
  // As the screen shows them: a percentage with one decimal, so a fraction with three.
  'round(r.sum_normalised_credit_limit_weights::numeric, 3)',
  'round(r.sum_normalised_interest_rate_weights::numeric, 3)',
  'to_json(r.created_at)',
  'r.chunk',
  'r.chunk_row',
  'r.id',
  'r.client_id',
];
const CREATED = 9;
const CHUNK = 10;
const CHUNK_ROW = 11;
const ID = 12;
const CLIENT = 13;
type ExportRow = unknown[];
/** The results screen's parameters: given any, the export is the rows the screen lists, in its order. */
const SHOWN = ['search', 'dateFrom', 'dateTo', 'minAmount', 'maxAmount', 'sortBy', 'sortOrder', 'view'];
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

/** `GET /result/export`: results as streamed CSV, recorded as an export in the log. */
export function resultExport(router: Router, deps: QueryDeps, fresh: Middleware, heavy: Middleware): void {
  const { knex } = deps;
  router.get('/result/export', fresh, heavy, async (ctx) => {
    const user = assertSignedIn(ctx.state.user);
    const format = String(ctx.query.format ?? 'csv').toLowerCase();
    if (format !== 'csv') throw new ValidationError('Only format=csv is supported');
    const batch = ctx.query.uploadBatchId ? await visibleBatch(knex, user, routeId(String(ctx.query.uploadBatchId), 'Batch')) : null;
    const institutionId = batch ? batch.institution_id : user.isAdmin ? null : user.institutionId;
    const scope = { institutionId, batchId: batch?.id ?? null };
    const shown = SHOWN.some((key) => ctx.query[key] !== undefined && ctx.query[key] !== '');
    const [ids, variableColumns] = await Promise.all([
      shown
        ? filteredResults(knex, scope, ctx.query).then(async ({ orderedIds }) => (await orderedIds()).map((row) => Number(row.id)))
        : null,
      batch ? exportedVariables(deps, batch) : [],
    ]);
    const count = ids ? ids.length : (await resultsBase(knex, scope).count<{ count: string }[]>('* as count'))[0].count;
    await deps.recordExport(user, ctx.state.meta, { institutionId, batchId: batch?.id ?? null, rows: Number(count), format });
    ctx.set('Content-Disposition', `attachment; filename="credit_results${batch ? `_batch_${batch.id}` : ''}.csv"`);
    ctx.type = 'text/csv; charset=utf-8';
    const record = batch && variableColumns.length > 0 ? batchRecordReader(deps.scoring, batch.id, { readAhead: !ids }) : null;
    // All Clients lists each client's number of results: its export carries it too.
    const counted = ctx.query.view === 'clients';
    ctx.body = Readable.from(exportLines(knex, scope, variableColumns, record, ids, counted));
  });
}

type ExportedVariable = { header: string; index: number; masked: boolean };

async function exportedVariables(deps: QueryDeps, batch: BatchRow): Promise<ExportedVariable[]> {
  const masked = await maskedColumnsOf(deps.scoring, batch);
  return batch.headers
    .map((header, index) => ({ header, index, masked: masked.has(index) }))
    .filter((column) => !IDENTITY.has(column.header.trim().toLowerCase()));
}

async function* exportLines(
  knex: Knex,
  scope: { institutionId: number | null; batchId: number | null },
  variables: ExportedVariable[],
  record: ReturnType<typeof batchRecordReader> | null,
  ids: number[] | null,
  counted = false,
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
      ...(counted ? ['results_count'] : []),
      ...variables.map((variable) => variable.header),
    ])
  );
  // Pages of PAGE rows by id, a batch's by (time, id), the order of its index (or of the listed ids, in
  // the screen's order); the next page is read while this one is written out.
  const select = () =>
    resultsBase(knex, scope)
      .select(knex.raw(EXPORT_COLUMNS.join(', ')))
      .options({ rowMode: 'array' });
  let listed = 0;
  const pageAfter = async (last: BatchPosition | null): Promise<ExportRow[]> => {
    if (!ids && scope.batchId) return await inBatchOrder(select(), last).limit(PAGE);
    if (!ids)
      return await select()
        .where('r.id', '>', last?.id ?? 0)
        .orderBy('r.id')
        .limit(PAGE);
    const pageIds = ids.slice(listed, listed + PAGE);
    listed += pageIds.length;
    if (pageIds.length === 0) return [];
    const rows: ExportRow[] = await select().whereRaw('r.id = ANY(?::bigint[])', [pageIds]);
    const byId = new Map(rows.map((row) => [Number(row[ID]), row]));
    return pageIds.map((id) => byId.get(id)).filter((row): row is ExportRow => row !== undefined);
  };
  // A batch's results share a few times (one per run of chunks scored together): each is made ISO text once.
  const isoTimes = new Map<string, string>();
  const isoTime = (text: string) => {
    let iso = isoTimes.get(text);
    if (iso === undefined) {
      iso = timestampToIso(text);
      isoTimes.set(text, iso);
    }
    return iso;
  };
  let recordsChunk = -1;
  let records: string[][] | undefined;
  let next = pageAfter(null);
  for (;;) {
    const rows = await next;
    if (rows.length === 0) return;
    const last = rows[rows.length - 1];
    next = (ids ? listed >= ids.length : rows.length < PAGE)
      ? Promise.resolve([])
      : pageAfter({ created: last[CREATED] as string, id: Number(last[ID]) });
    next.catch(() => undefined); // a client that leaves mid-file never awaits it: no unhandled rejection
    // Listed in the screen's order, a page's rows come from any chunks: each is read once, in chunk order.
    const pageRecords = new Map<number, string[][] | undefined>();
    if (record && ids)
      for (const number of [...new Set(rows.map((row) => row[CHUNK] as number))].sort((a, b) => a - b))
        pageRecords.set(number, await record(number));
    const counts = counted ? await resultCounts(knex, [...new Set(rows.map((row) => Number(row[CLIENT])))]) : null;
    let chunk = '';
    for (const row of rows) {
      // Results come in id order, which is chunk order: a chunk's records are asked for once.
      if (record && row[CHUNK] !== recordsChunk) {
        recordsChunk = row[CHUNK] as number;
        records = ids ? pageRecords.get(recordsChunk) : await record(recordsChunk);
      }
      const cells = records?.[row[CHUNK_ROW] as number];
      // The row becomes its line: its first CHUNK columns are the line's first cells, the record's variables follow.
      row[CREATED] = isoTime(row[CREATED] as string);
      const client = Number(row[CLIENT]);
      row.length = CHUNK;
      if (counts) row.push(counts.get(client) ?? 0);
      for (const variable of variables) row.push(variable.masked ? MASK : cells?.[variable.index]);
      chunk += csvLine(row);
    }
    // Bytes, not text: a string chunk would be measured (its UTF-8 length) and then encoded again by the response.
    yield Buffer.from(chunk);
  }
}
