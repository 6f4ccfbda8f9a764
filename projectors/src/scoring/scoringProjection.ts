import type { Knex } from 'knex';
import type { EventStore, RecordedEvent } from '@credit/events';
import { identityColumns, ModelCompileError, scoreRow } from '@credit/scoring';
import type { Projection } from '../runtime/projection';
import { failsOnData } from '../runtime/projectionFailures';
import { CompiledModels } from './compiledModels';
import { BATCH_ERRORS, BATCHES, CLIENT_IDENTITY_CHANGES, CLIENTS, RESULTS, SCORING_COUNTERS, scoringMigrations } from './scoringTables';
import {
  forgetIdentityChanges,
  insertResults,
  moveLatestResults,
  takeIds,
  upsertClients,
  withdrawBatch,
  type ScoredRow,
} from './scoringWrites';

/** Batches at least this large refresh the planner's statistics of results and clients when they complete. */
const ANALYZE_AFTER_ROWS = 10_000;

type BatchRow = { id: number; institution_id: number; headers: string[]; model_version: string; status: string };
type Started = {
  batchId: number;
  institutionId: number;
  name: string;
  description: string | null;
  fileName: string;
  fileType: string;
  totalRows: number;
  headers: string[];
  modelVersion: number;
  modelHash: string;
};
type Chunk = { batchId: number; chunk: number; rowNumbers: number[]; rows: string[][] };
type Rejected = { batchId: number; chunk: number; errors: { row: number; column: string; reason: string }[] };

/** A reason that is the same on every replay (no SQL text, no server-language message). */
function failureReason(error: unknown): string {
  if (error instanceof ModelCompileError) return `Scoring failed: ${error.message}`;
  return `Scoring failed: the records could not be stored (PostgreSQL error ${(error as { code: string }).code})`;
}

/**
 * A failure that replaying the same events would meet again (bad data, a limit, a model that does
 * not compile). It fails that batch alone; anything else (a lost connection) retries the page.
 */
function isDeterministic(error: unknown): boolean {
  if (error instanceof ModelCompileError) return true;
  return typeof (error as { code?: unknown }).code === 'string' && failsOnData(error);
}

/**
 * Turns uploaded record chunks into clients and results, scoring each record with the model and
 * the institution's parameters as of the batch's upload position, so a replay gives the same
 * result to the franc whatever the model has become since. Results keep where their record sits in
 * the log (chunk and row), not a copy of it: the record is read back from the batch's stream when a
 * result is explained, exported or compared.
 */
export function scoringProjection(store: EventStore): Projection {
  const models = new CompiledModels(store);

  async function started(event: RecordedEvent, trx: Knex.Transaction) {
    const data = event.data as Started;
    const at = event.metadata.occurredAt;
    await trx(BATCHES).insert({
      id: data.batchId,
      institution_id: data.institutionId,
      name: data.name,
      description: data.description,
      filename: data.fileName,
      file_type: data.fileType,
      status: 'processing',
      total_records: data.totalRows,
      headers: JSON.stringify(data.headers),
      model_version: data.modelVersion,
      model_hash: data.modelHash,
      created_at: at,
      updated_at: at,
    });
  }

  /** Consecutive chunks of one batch, scored and written together (one client look-up, one COPY each). */
  async function recordsUploaded(events: RecordedEvent[], trx: Knex.Transaction) {
    const chunks = events.map((event) => event.data as Chunk);
    const at = events[0].metadata.occurredAt;
    const batchId = chunks[0].batchId;
    const batch: BatchRow = await trx(BATCHES).where({ id: batchId }).first('id', 'institution_id', 'headers', 'model_version', 'status');
    if (batch.status === 'failed') return;
    const { compiled, columns } = await models.get(Number(batch.model_version), batch.institution_id, batch.headers);
    const identity = identityColumns(batch.headers);
    const cell = (row: string[], index: number) => (index === -1 ? '' : row[index].trim());
    if (chunks.length > 1) {
      const references = chunks.flatMap((chunk) => chunk.rows.map((row) => cell(row, identity.referenceNumber)));
      if (new Set(references).size !== references.length) throw new RunNeedsChunks();
    }
    const outcomes = chunks.flatMap((chunk) => chunk.rows.map((row) => scoreRow(compiled, columns, row)));
    const scoredCount = outcomes.filter((outcome) => outcome.status === 'scored').length;
    // Result ids first: a new client is written pointing at its result as its latest.
    const firstResultId = await takeIds(trx, 'result', scoredCount);
    let nextResultId = firstResultId;
    const results = outcomes.map((outcome) =>
      outcome.status === 'scored' ? { id: nextResultId++, creditLimit: outcome.creditLimit, interestRate: outcome.interestRate } : null,
    );
    const clientIds = await upsertClients(
      trx,
      batch.institution_id,
      batch.id,
      chunks
        .flatMap((chunk) => chunk.rows)
        .map((row, index) => ({
          reference: cell(row, identity.referenceNumber),
          name: cell(row, identity.name),
          phone: cell(row, identity.phoneNumber),
          email: cell(row, identity.email),
          result: results[index],
        })),
      at,
    );
    const scored: ScoredRow[] = [];
    let position = 0;
    for (const chunk of chunks) {
      chunk.rows.forEach((row, index) => {
        const result = outcomes[position++];
        if (result.status !== 'scored') return;
        scored.push({
          clientId: clientIds.get(cell(row, identity.referenceNumber)) as number,
          rowNumber: chunk.rowNumbers[index],
          creditLimit: result.creditLimit,
          interestRate: result.interestRate,
          creditLimitWeights: result.sumNormalisedCreditLimitWeights,
          interestRateWeights: result.sumNormalisedInterestRateWeights,
          chunk: chunk.chunk,
          chunkRow: index,
        });
      });
    }
    const failed = outcomes.length - scored.length;
    await insertResults(
      trx,
      { id: batch.id, institutionId: batch.institution_id, modelVersion: Number(batch.model_version) },
      scored,
      firstResultId,
      at,
    );
    await trx(BATCHES)
      .where({ id: batchId })
      .update({
        processed_records: trx.raw('processed_records + ?', [scored.length]),
        failed_records: trx.raw('failed_records + ?', [failed]),
        updated_at: at,
      });
  }

  async function rowsRejected(event: RecordedEvent, trx: Knex.Transaction) {
    const data = event.data as Rejected;
    if (data.errors.length === 0) return;
    const offset = Number((await trx(BATCH_ERRORS).where({ batch_id: data.batchId }).count<{ count: string }[]>('* as count'))[0].count);
    await trx.raw(
      `INSERT INTO batch_errors (batch_id, seq, row_number, column_name, reason)
       SELECT ?, ? + o, r, c, m FROM unnest(?::int[], ?::text[], ?::text[]) WITH ORDINALITY AS t(r, c, m, o)`,
      [
        data.batchId,
        offset,
        data.errors.map((error) => error.row),
        data.errors.map((error) => error.column),
        data.errors.map((error) => error.reason),
      ],
    );
  }

  async function completed(event: RecordedEvent, trx: Knex.Transaction) {
    const data = event.data as { batchId: number; acceptedRows: number; rejectedRows: number };
    const batch = await trx(BATCHES).where({ id: data.batchId }).first('failed_records', 'status');
    if (batch.status === 'failed') return;
    await moveLatestResults(trx, data.batchId);
    await forgetIdentityChanges(trx, data.batchId);
    const failed = Number(batch.failed_records) + data.rejectedRows;
    await trx(BATCHES)
      .where({ id: data.batchId })
      .update({
        status: failed > 0 ? 'completed_with_errors' : 'completed',
        failed_records: failed,
        updated_at: event.metadata.occurredAt,
        completed_at: event.metadata.occurredAt,
      });
    // A large batch changes the tables' shape at once; autovacuum would notice within a minute, and
    // until then the results screens plan their queries on old statistics (3–8× slower, measured).
    if (data.acceptedRows >= ANALYZE_AFTER_ROWS) await trx.raw(`ANALYZE ${RESULTS}, ${CLIENTS}, ${BATCHES}`);
  }

  async function fail(batchId: number, reason: string, at: string, trx: Knex.Transaction) {
    await withdrawBatch(trx, batchId);
    await trx(BATCHES)
      .where({ id: batchId })
      .update({ status: 'failed', failure_reason: reason, processed_records: 0, failed_records: trx.ref('total_records'), updated_at: at });
  }

  const handlers: Record<string, (event: RecordedEvent, trx: Knex.Transaction) => Promise<void>> = {
    BatchUploadStarted: started,
    BatchRowsRejected: rowsRejected,
    BatchUploadCompleted: completed,
    BatchUploadFailed: (event, trx) => {
      const data = event.data as { batchId: number; reason: string };
      return fail(data.batchId, data.reason, event.metadata.occurredAt, trx);
    },
  };

  return {
    name: 'scoring',
    eventTypes: ['ClientRecordsUploaded', ...Object.keys(handlers)],
    tables: [RESULTS, CLIENTS, BATCH_ERRORS, BATCHES, SCORING_COUNTERS, CLIENT_IDENTITY_CHANGES],
    migrations: scoringMigrations,
    batchSize: 32,
    async handle(events, trx) {
      // A savepoint per event, or per run of one batch's chunks: bad data in one batch must not block every later batch.
      const apply = async (group: RecordedEvent[]) => {
        const first = group[0];
        try {
          await trx.transaction((savepoint) =>
            first.type === 'ClientRecordsUploaded' ? recordsUploaded(group, savepoint) : handlers[first.type](first, savepoint),
          );
        } catch (error) {
          if (!isDeterministic(error) || first.type === 'BatchUploadStarted') throw error;
          const batchId = (first.data as { batchId: number }).batchId;
          await fail(batchId, failureReason(error), group[group.length - 1].metadata.occurredAt, trx);
        }
      };
      for (const group of batchRuns(events)) {
        if (group.length > 1 && (await appliedWhole(group, trx))) continue;
        // One event alone; or a run that goes exactly as one chunk at a time would have, whatever the page boundaries made of it.
        for (const event of group) await apply([event]);
      }
    },
  };

  /**
   * Applies a run of several chunks in one go, or reports (false, nothing written) that it must go
   * chunk by chunk: when a client appears in two of its chunks, or when it fails, the outcome (which
   * chunk fails, which ids are taken) must be the one-chunk-at-a-time outcome, live or in a rebuild.
   */
  async function appliedWhole(group: RecordedEvent[], trx: Knex.Transaction): Promise<boolean> {
    try {
      await trx.transaction((savepoint) => recordsUploaded(group, savepoint));
      return true;
    } catch (error) {
      if (error instanceof RunNeedsChunks || isDeterministic(error)) return false;
      throw error;
    }
  }
}

/** A run whose chunks share a client reference: applied one chunk at a time. */
class RunNeedsChunks extends Error {}

/**
 * The page split into runs: consecutive record chunks of one batch written by one request (so one
 * time, which the rows take whatever the page boundaries, live or in a rebuild) together, every other
 * event alone.
 */
function batchRuns(events: readonly RecordedEvent[]): RecordedEvent[][] {
  const runs: RecordedEvent[][] = [];
  for (const event of events) {
    const last = runs[runs.length - 1];
    const joins =
      event.type === 'ClientRecordsUploaded' &&
      last?.[0].type === 'ClientRecordsUploaded' &&
      (last[0].data as Chunk).batchId === (event.data as Chunk).batchId &&
      last[0].metadata.occurredAt === event.metadata.occurredAt;
    if (joins) last.push(event);
    else runs.push([event]);
  }
  return runs;
}
