import type { Knex } from 'knex';
import { batchUploadCompleted, type EventStore } from '@credit/events';
import type { Projection } from '../runtime/projection';
import { applyPage } from './applyPage';
import { addRejectedRows, batchBeingScored, completeBatch, failBatch, openBatch, afterCompletion } from './batchRows';
import { CLIENT_REFERENCES, clientReferenceMigrations } from './clientReferenceTables';
import { CLIENT_SEARCH, clientSearchMigrations } from './clientSearchTables';
import { CompiledModels } from './compiledModels';
import { PORTFOLIO_FIGURES, portfolioFiguresMigrations } from './portfolioFiguresTables';
import { RESULT_FIGURES, resultFiguresMigrations } from './resultFiguresTables';
import { planRun, repeatedReferences } from './runPlan';
import { writeRun } from './runWrites';
import { isScoringEvent, SCORING_EVENT_TYPES, type RecordsUploaded, type ScoringEvent } from './scoringEvents';
import { BATCH_ERRORS, BATCHES, CLIENT_IDENTITY_CHANGES, CLIENTS, RESULTS, SCORING_COUNTERS, scoringMigrations } from './scoringTables';

/**
 * Turns uploaded record chunks into clients and results, scoring each record with the model and
 * the institution's parameters as of the batch's upload position, so a replay gives the same
 * result to the franc whatever the model has become since. Results keep where their record sits in
 * the log (chunk and row), not a copy of it: the record is read back from the batch's stream when a
 * result is explained, exported or compared.
 */
export function scoringProjection(store: EventStore): Projection {
  const models = new CompiledModels(store);

  /** A run of one batch's chunks: the batch as its row holds it, its model, the plan, the plan written. */
  async function scoreRun(chunks: readonly RecordsUploaded[], trx: Knex.Transaction): Promise<'done' | 'repeats a client'> {
    const batch = await batchBeingScored(trx, chunks[0].data.batchId);
    if (batch.status === 'failed') return 'done';
    const records = chunks.map((chunk) => chunk.data);
    if (records.length > 1 && repeatedReferences(batch.headers, records).length > 0) return 'repeats a client';
    const scoring = await models.get(batch.modelVersion, batch.institutionId, batch.headers);
    await writeRun(trx, batch, planRun(batch, records, scoring), chunks[0].metadata.occurredAt);
    return 'done';
  }

  async function apply(event: Exclude<ScoringEvent, RecordsUploaded>, trx: Knex.Transaction): Promise<void> {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'BatchUploadStarted':
        return openBatch(trx, event.data, at);
      case 'BatchRowsRejected':
        return addRejectedRows(trx, event.data);
      case 'BatchUploadCompleted':
        return completeBatch(trx, event.data, at);
      case 'BatchUploadFailed':
        return failBatch(trx, event.data.batchId, event.data.reason, at);
      default:
        return event satisfies never;
    }
  }

  return {
    name: 'scoring',
    eventTypes: SCORING_EVENT_TYPES,
    tables: [
      RESULTS,
      RESULT_FIGURES,
      PORTFOLIO_FIGURES,
      CLIENTS,
      CLIENT_SEARCH,
      CLIENT_REFERENCES,
      BATCH_ERRORS,
      BATCHES,
      SCORING_COUNTERS,
      CLIENT_IDENTITY_CHANGES,
    ],
    migrations: [
      ...scoringMigrations,
      ...resultFiguresMigrations,
      ...portfolioFiguresMigrations,
      ...clientSearchMigrations,
      ...clientReferenceMigrations,
    ],
    batchSize: 32,
    handle: (events, trx) => applyPage(events.filter(isScoringEvent), trx, { scoreRun, apply, failBatch }),
    afterCommit: { types: [batchUploadCompleted.type], run: (events, knex) => afterCompletion(events.filter(isScoringEvent), knex) },
  };
}
