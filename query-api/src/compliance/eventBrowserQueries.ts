import type Router from '@koa/router';
import {
  clientRecordsUploaded,
  ConflictError,
  EXTRACT_WITHHELD_TYPES,
  NotFoundError,
  ok,
  ValidationError,
  withholdSecrets,
  type ChainedLog,
  type StoredEvent,
} from '@credit/events';
import { AUDIT_LOG, BATCHES, UNAUDITED_BULK_EVENTS, type AuditRow, type BatchRow } from '@credit/projectors/src/readModels';
import { toAuditEntry } from '../audit/auditLog';
import type { QueryDeps } from '../queryDeps';
import { readsFrom } from '../readYourWrites';
import { maskCells, maskedColumnsOf, MASK } from '../results/maskedCells';
import { complianceReader } from './complianceAccess';
import { readEventFilters } from './eventFilters';

function chained(log: ChainedLog | null): ChainedLog {
  if (!log) throw new ConflictError('This platform keeps its event log in KurrentDB; the event browser reads the PostgreSQL log');
  return log;
}

function positionOf(text: string): number {
  if (!/^[0-9]{1,15}$/.test(text) || Number(text) < 1)
    throw new ValidationError('An event is named by its log position (a whole number from 1)');
  return Number(text);
}

type Masked = { columns: string[] | 'all'; reason: string } | null;

/**
 * A chunk of a batch's client records shows its masked variables' values as `MASK`: the columns the
 * batch's model (as of its upload) marks masked, by the rule the result export uses. Should the batch
 * not be known to the read side yet, or the chunk not read as the catalogue says, every value is masked.
 */
async function maskedRecords(deps: QueryDeps, event: StoredEvent): Promise<{ payload: unknown; masked: Masked }> {
  if (event.type !== clientRecordsUploaded.type) return { payload: event.data, masked: null };
  const parsed = clientRecordsUploaded.schema.safeParse(event.data);
  if (!parsed.success)
    return { payload: null, masked: { columns: 'all', reason: 'the records could not be read as the catalogue describes them' } };
  const data = parsed.data;
  const batch = await deps.knex<BatchRow>(BATCHES).where({ id: data.batchId }).first();
  if (!batch) {
    const rows = data.rows.map((row) => row.map(() => MASK));
    return { payload: { ...data, rows }, masked: { columns: 'all', reason: 'the batch is not known to the read side yet' } };
  }
  const masked = await maskedColumnsOf(deps.scoring, batch);
  return {
    payload: { ...data, rows: data.rows.map((row) => maskCells(row, masked)) },
    masked: { columns: batch.headers.filter((_, index) => masked.has(index)), reason: 'variables marked masked in the batch’s model' },
  };
}

/**
 * The compliance console's event browser, over the hash-chained log itself (not a projection):
 * - `GET /admin/compliance/events`: pages of events, filtered (see `readEventFilters`), newest first
 *   by default, each with its position, type, stream, time and actor;
 * - `GET /admin/compliance/events/:position`: one event with all its metadata, its payload (password
 *   material withheld, masked variables' values masked), its hash and the hash before it, and the
 *   audit-log entry made from it (the audit log keys its rows by the event's position).
 */
export function eventBrowserQueries(router: Router, deps: QueryDeps): void {
  router.get('/admin/compliance/events', complianceReader, async (ctx) => {
    const query = readEventFilters(ctx.query);
    const page = await chained(deps.chainedLog).browse(query);
    ctx.body = ok('Events of the log', { ...page, order: query.order, limit: query.limit });
  });

  router.get('/admin/compliance/events/:position', complianceReader, readsFrom(deps, 'audit'), async (ctx) => {
    const position = positionOf(ctx.params.position);
    const event = await chained(deps.chainedLog).event(position);
    if (!event) throw new NotFoundError(`No event at position ${position}`);
    const { payload: records, masked } = await maskedRecords(deps, event);
    const { payload, withheld } = withholdSecrets(records);
    const audited = !UNAUDITED_BULK_EVENTS.includes(event.type);
    const row = audited
      ? await deps
          .knex<AuditRow>(AUDIT_LOG)
          .where({ position: String(position) })
          .first()
      : undefined;
    ctx.body = ok('Event', {
      position: event.position,
      id: event.id,
      type: event.type,
      schemaVersion: event.schemaVersion,
      stream: event.stream,
      revision: event.revision,
      recordedAt: event.recordedAt,
      metadata: event.metadata,
      payload,
      withheld:
        withheld.length > 0
          ? { fields: withheld, reason: EXTRACT_WITHHELD_TYPES[event.type] ?? 'fields named as secrets or hashes' }
          : null,
      masked,
      hash: event.hash,
      previousHash: event.previousHash,
      audit: { covered: audited, entry: row ? toAuditEntry(row as AuditRow) : null },
    });
  });
}
