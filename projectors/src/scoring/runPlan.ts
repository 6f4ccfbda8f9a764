import type { ClientRecordsUploadedData } from '@credit/events';
import { identityColumns, scoreRow } from '@credit/scoring';
import type { ScoringContext } from './compiledModels';

/** One chunk of a batch's accepted records, as ClientRecordsUploaded carries it. */
export type RecordChunk = ClientRecordsUploadedData;

/** The batch a run of records belongs to, as its row holds it. */
export type BatchBeingScored = { id: number; institutionId: number; headers: string[]; modelVersion: number };

/** A record that scored: the result it gives its client. */
export type PlannedResult = {
  /** Its place among the run's results: its id is the first id the run takes plus this. */
  nth: number;
  reference: string;
  rowNumber: number;
  creditLimit: number;
  interestRate: number;
  creditLimitWeights: number;
  interestRateWeights: number;
  chunk: number;
  chunkRow: number;
};

/** A client as a record names it, with the result that record gave (null when it did not score). */
export type PlannedClient = { reference: string; name: string; phone: string; email: string; result: PlannedResult | null };

/**
 * What a run of one batch's records writes: a client per record (in file order, as many as there
 * are records), a result per record that scored, and what the batch's counts go up by.
 */
export type RunPlan = { clients: PlannedClient[]; results: PlannedResult[]; scored: number; unscored: number };

/** A cell of the client's identity, trimmed; '' when the file has no such column. */
const identityCell = (row: readonly string[], index: number) => (index === -1 ? '' : row[index].trim());

/**
 * Scores a run of a batch's record chunks with the model and parameters as of its upload position:
 * no database, the same plan for the same records every time.
 */
export function planRun(batch: BatchBeingScored, chunks: readonly RecordChunk[], { compiled, columns }: ScoringContext): RunPlan {
  const identity = identityColumns(batch.headers);
  const clients: PlannedClient[] = [];
  const results: PlannedResult[] = [];
  for (const chunk of chunks) {
    for (let chunkRow = 0; chunkRow < chunk.rows.length; chunkRow++) {
      const row = chunk.rows[chunkRow];
      const outcome = scoreRow(compiled, columns, row);
      const reference = identityCell(row, identity.referenceNumber);
      let result: PlannedResult | null = null;
      if (outcome.status === 'scored') {
        result = {
          nth: results.length,
          reference,
          rowNumber: chunk.rowNumbers[chunkRow],
          creditLimit: outcome.creditLimit,
          interestRate: outcome.interestRate,
          creditLimitWeights: outcome.sumNormalisedCreditLimitWeights,
          interestRateWeights: outcome.sumNormalisedInterestRateWeights,
          chunk: chunk.chunk,
          chunkRow,
        };
        results.push(result);
      }
      clients.push({
        reference,
        name: identityCell(row, identity.name),
        phone: identityCell(row, identity.phoneNumber),
        email: identityCell(row, identity.email),
        result,
      });
    }
  }
  return { clients, results, scored: results.length, unscored: clients.length - results.length };
}

/**
 * References that more than one record of the run names. A run that has any goes one chunk at a
 * time: the later chunk then meets the client the earlier one wrote, as it does when a page
 * boundary falls between them.
 */
export function repeatedReferences(headers: readonly string[], chunks: readonly RecordChunk[]): string[] {
  const column = identityColumns(headers).referenceNumber;
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const chunk of chunks) {
    for (const row of chunk.rows) {
      const reference = identityCell(row, column);
      if (seen.has(reference)) repeated.add(reference);
      else seen.add(reference);
    }
  }
  return [...repeated];
}
