import type { Knex } from 'knex';
import type { BatchRowsRejectedData, BatchUploadCompletedData, BatchUploadStartedData } from '@credit/events';
import { CLIENT_SEARCH, CLIENT_SEARCH_INDEX } from './clientSearchTables';
import { withdrawResultFigures } from './resultFigures';
import { collapseResultFigures } from './resultFiguresTables';
import type { BatchBeingScored, RunPlan } from './runPlan';
import type { ScoringEvent } from './scoringEvents';
import { BATCH_ERRORS, BATCHES, CLIENTS, RESULTS, type BatchRow } from './scoringTables';
import { forgetIdentityChanges, moveLatestResults, withdrawBatch } from './scoringWrites';

/** Batches at least this large refresh the planner's statistics of results and clients when they complete. */
const ANALYZE_AFTER_ROWS = 10_000;

/**
 * Batches that scored at least this many clients again (a monthly file) vacuum the search rows when
 * they complete. Each such client's search row was written again (the batch's id added, a new name),
 * and a search with no trigram to look up reads all of the institution's rows (resultRows' walked
 * search, listed): ten back-to-back re-uploads of 100 000 clients, faster than autovacuum reclaims
 * the old versions, left 182 MB for 12 MB of rows, and "C4" read them in 75 ms instead of about 10.
 * Vacuumed, the next file's versions take the space this one's left. Like the statistics refresh,
 * it holds the projection's next page: 0.2 s at 100 000 search rows; at 1 600 000 (sixteen
 * institutions), 0.4 s after one institution's 100 000 clients were scored again with the same
 * names (heap-only updates), 1.6 s after all of their names changed (the trigram index is vacuumed too).
 */
const VACUUM_AFTER_RESCORED = 10_000;

/** What the results, batch and client screens filter, join and sort on: the statistics their plans need. */
const PLANNED_COLUMNS = [
  `${RESULTS} (id, institution_id, batch_id, client_id, created_at, credit_limit, interest_rate)`,
  `${CLIENTS} (id, institution_id, latest_result_id, latest_batch_id, latest_at, latest_credit_limit, latest_interest_rate)`,
  `${CLIENT_SEARCH} (institution_id, search_text)`,
  BATCHES,
].join(', ');

/** What applying a batch's later events reads of its row; an event of a batch that never opened fails (and the runner records it). */
async function batchRow(trx: Knex.Transaction, batchId: number) {
  const row = await trx<BatchRow>(BATCHES)
    .where({ id: batchId })
    .first('institution_id', 'headers', 'model_version', 'status', 'failed_records', 'known_client_results');
  if (!row) throw new Error(`Batch ${batchId} has no row: its BatchUploadStarted was not applied`);
  return row;
}

/** A batch's row as scoring its records needs it, with its status (a failed batch scores nothing more). */
export async function batchBeingScored(trx: Knex.Transaction, batchId: number): Promise<BatchBeingScored & { status: string }> {
  const row = await batchRow(trx, batchId);
  return {
    id: batchId,
    institutionId: row.institution_id,
    headers: row.headers,
    modelVersion: Number(row.model_version),
    status: row.status,
  };
}

export async function openBatch(trx: Knex.Transaction, batch: BatchUploadStartedData, at: string): Promise<void> {
  await trx(BATCHES).insert({
    id: batch.batchId,
    institution_id: batch.institutionId,
    name: batch.name,
    description: batch.description,
    filename: batch.fileName,
    file_type: batch.fileType,
    status: 'processing',
    total_records: batch.totalRows,
    headers: JSON.stringify(batch.headers),
    model_version: batch.modelVersion,
    model_hash: batch.modelHash,
    known_client_results: 0,
    created_at: at,
    updated_at: at,
  });
}

/**
 * A run's records counted: those that scored as processed, the others as failed, and the results of
 * clients that were there before the run (`knownResults`).
 */
export async function countRun(trx: Knex.Transaction, batchId: number, plan: RunPlan, knownResults: number, at: string): Promise<void> {
  await trx(BATCHES)
    .where({ id: batchId })
    .update({
      processed_records: trx.raw('processed_records + ?', [plan.scored]),
      failed_records: trx.raw('failed_records + ?', [plan.unscored]),
      known_client_results: trx.raw('known_client_results + ?', [knownResults]),
      updated_at: at,
    });
}

/** The rows an upload refused, numbered on from the batch's earlier ones. */
export async function addRejectedRows(trx: Knex.Transaction, rejected: BatchRowsRejectedData): Promise<void> {
  if (rejected.errors.length === 0) return;
  await trx.raw(
    `INSERT INTO ${BATCH_ERRORS} (batch_id, seq, row_number, column_name, reason)
     SELECT ?, (SELECT count(*) FROM ${BATCH_ERRORS} WHERE batch_id = ?) + o, r, c, m
       FROM unnest(?::int[], ?::text[], ?::text[]) WITH ORDINALITY AS t(r, c, m, o)`,
    [
      rejected.batchId,
      rejected.batchId,
      rejected.errors.map((error) => error.row),
      rejected.errors.map((error) => error.column),
      rejected.errors.map((error) => error.reason),
    ],
  );
}

/**
 * A batch completed: its results become its existing clients' latest (their search rows have
 * counted them since they were written, and now count in searches), its status says whether any
 * record failed (scoring or the upload's checks). Nothing for a batch that has failed.
 */
export async function completeBatch(trx: Knex.Transaction, completed: BatchUploadCompletedData, at: string): Promise<void> {
  const batch = await batchRow(trx, completed.batchId);
  if (batch.status === 'failed') return;
  // A new client was written pointing at its result: with no result of a client that was there
  // before (an institution's first file), no latest result moves, and the batch's results need not be read.
  if (batch.known_client_results !== 0) await moveLatestResults(trx, completed.batchId);
  await forgetIdentityChanges(trx, completed.batchId);
  const failed = Number(batch.failed_records) + completed.rejectedRows;
  await trx(BATCHES)
    .where({ id: completed.batchId })
    .update({ status: failed > 0 ? 'completed_with_errors' : 'completed', failed_records: failed, updated_at: at, completed_at: at });
  await trx.raw(collapseResultFigures('?'), [completed.batchId]);
}

/**
 * After pages that completed batches (the projection's `afterCommit`, beside its next pages), what
 * the screens' reads need, run after the commit, not in it: the batch is complete and readable
 * without waiting for them, and the next batches, any institution's, are scored meanwhile.
 * - The search rows' trigram index takes new rows into its pending list, which every search reads
 *   whole until it is merged into the index (4 MB at most, then merged by the insert that fills it):
 *   239 pages left by an upload added about 6 ms to every search (a reference's, 6 → 12 ms at
 *   550 000 clients; measured, issue 24). It is merged now (about 0.2 s for a full list) rather
 *   than left until autovacuum gets to it.
 * - After a file that scored many clients again, the search rows' old versions are vacuumed
 *   (VACUUM_AFTER_RESCORED), which merges the pending list as well.
 * - A large batch changed the tables' shape at once; autovacuum would notice within a minute, and
 *   until then the results screens plan their queries on old statistics (3–8× slower, measured).
 *   Only the columns those queries filter and sort on: every column of results and clients (with the
 *   md5 key's expression) took about 1 s of a 100 000-record batch, these about a quarter of it
 *   (1.0–2.5 s at a million results).
 */
export async function afterCompletion(events: readonly ScoringEvent[], knex: Knex): Promise<void> {
  const completed = events.flatMap((event) => (event.type === 'BatchUploadCompleted' ? [event.data] : []));
  if (completed.length === 0) return;
  const { rescored } = (await knex(BATCHES)
    .whereIn(
      'id',
      completed.map((batch) => batch.batchId),
    )
    .first(knex.raw('coalesce(sum(known_client_results), 0)::int AS rescored'))) as { rescored: number };
  // A vacuum merges the trigram index's pending list too.
  if (rescored >= VACUUM_AFTER_RESCORED) await knex.raw(`VACUUM ${CLIENT_SEARCH}`);
  else await knex.raw('SELECT gin_clean_pending_list(?::regclass)', [CLIENT_SEARCH_INDEX]);
  if (completed.some((batch) => batch.acceptedRows >= ANALYZE_AFTER_ROWS)) await knex.raw(`ANALYZE ${PLANNED_COLUMNS}`);
}

/** A batch failed: everything it wrote is withdrawn and every record counts as failed. */
export async function failBatch(trx: Knex.Transaction, batchId: number, reason: string, at: string): Promise<void> {
  await withdrawBatch(trx, batchId);
  await withdrawResultFigures(trx, batchId);
  await trx(BATCHES)
    .where({ id: batchId })
    .update({ status: 'failed', failure_reason: reason, processed_records: 0, failed_records: trx.ref('total_records'), updated_at: at });
}
