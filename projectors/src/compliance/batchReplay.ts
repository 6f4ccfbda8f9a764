import { batchUploadStarted, clientRecordsUploaded, isEventOf, type EventStore } from '@credit/events';
import { identityColumns, scoreRow } from '@credit/scoring';
import { CompiledModels } from '../scoring/compiledModels';
import { planRun, type BatchBeingScored, type RecordChunk } from '../scoring/runPlan';

/** What the engine gives one record: the terms a result stores, or why it was not scored. */
export type ReplayOutcome =
  | {
      status: 'scored';
      creditLimit: number;
      interestRate: number;
      creditLimitWeights: number;
      interestRateWeights: number;
    }
  | { status: 'rejected'; reason: string };

/** One accepted record of a batch, where it sits in the log (chunk and row, as its result keeps it) and whose it is. */
export type ReplayedRecord = { chunk: number; chunkRow: number; rowNumber: number; reference: string; name: string };

export type BatchReplay = {
  batchId: number;
  institutionId: number;
  /** The log position whose model and parameters scored the batch when it was uploaded. */
  uploadVersion: number;
  /** The position re-scored against (the upload's when none other was asked for). */
  againstVersion: number;
  records: ReplayedRecord[];
  /** Per record, in the same order: scored under the upload's model and under `againstVersion`'s. */
  atUpload: ReplayOutcome[];
  against: ReplayOutcome[];
};

const isStarted = isEventOf([batchUploadStarted]);
const isRecords = isEventOf([clientRecordsUploaded]);

/**
 * Re-scores a batch from its records in the log (its BatchUploadStarted and ClientRecordsUploaded
 * events) with the very code the scoring projection runs: its compiled models and its pure plan of a
 * run of chunks (`planRun`), under the model and the institution's parameters as of the upload's
 * position and as of another position. Reads only: nothing is written, so stored results never change.
 */
export function batchReplays(store: EventStore) {
  const models = new CompiledModels(store, 8);

  async function outcomesUnder(version: number, batch: BatchBeingScored, chunks: readonly RecordChunk[]): Promise<ReplayOutcome[]> {
    const context = await models.get(version, batch.institutionId, batch.headers);
    const plan = planRun({ ...batch, modelVersion: version }, chunks, context);
    const rows = chunks.flatMap((chunk) => chunk.rows);
    return plan.clients.map(({ result }, index): ReplayOutcome => {
      if (result) {
        const { creditLimit, interestRate, creditLimitWeights, interestRateWeights } = result;
        return { status: 'scored', creditLimit, interestRate, creditLimitWeights, interestRateWeights };
      }
      // Not scored: the engine says why (the plan only counts such records).
      const outcome = scoreRow(context.compiled, context.columns, rows[index]);
      const reason = outcome.status === 'rejected' ? outcome.errors.map((error) => `${error.column}: ${error.reason}`).join('; ') : '';
      return { status: 'rejected', reason };
    });
  }

  return {
    /** The batch re-scored at its upload and `against` (default the upload's position); null when the log has no such batch. */
    async replay(batchId: number, against?: number): Promise<BatchReplay | null> {
      const events = await store.readStream(`batch-${batchId}`);
      const started = events.find(isStarted);
      if (!started) return null;
      const { institutionId, headers, modelVersion } = started.data;
      const batch: BatchBeingScored = { id: batchId, institutionId, headers, modelVersion };
      const chunks = events.filter(isRecords).map((event) => event.data);
      const atUpload = await outcomesUnder(modelVersion, batch, chunks);
      const againstVersion = against ?? modelVersion;
      const other = againstVersion === modelVersion ? atUpload : await outcomesUnder(againstVersion, batch, chunks);
      const identity = identityColumns(headers);
      const cell = (row: readonly string[], index: number) => (index === -1 ? '' : (row[index] ?? '').trim());
      const records = chunks.flatMap((chunk) =>
        chunk.rows.map((row, chunkRow): ReplayedRecord => ({
          chunk: chunk.chunk,
          chunkRow,
          rowNumber: chunk.rowNumbers[chunkRow],
          reference: cell(row, identity.referenceNumber),
          name: cell(row, identity.name),
        })),
      );
      return { batchId, institutionId, uploadVersion: modelVersion, againstVersion, records, atUpload, against: other };
    },
  };
}

export type BatchReplays = ReturnType<typeof batchReplays>;
