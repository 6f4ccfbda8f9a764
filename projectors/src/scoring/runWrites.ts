import type { Knex } from 'knex';
import { countRun } from './batchRows';
import { addResultFigures } from './resultFigures';
import type { BatchBeingScored, RunPlan } from './runPlan';
import { insertResults, takeIds, upsertClients } from './scoringWrites';

/**
 * Writes a run's plan in the projection's transaction: ids from the counters (so a rebuild gives
 * every client and result the id it had), the clients, the results (one COPY each), the batch's counts,
 * and the counts and sums of its results.
 */
export async function writeRun(trx: Knex.Transaction, batch: BatchBeingScored, plan: RunPlan, at: string): Promise<void> {
  // Result ids first: a new client is written pointing at its result as its latest.
  const firstResultId = await takeIds(trx, 'result', plan.results.length);
  const clients = await upsertClients(trx, batch, plan.clients, firstResultId, at);
  await insertResults(trx, batch, plan.results, clients.ids, firstResultId, at);
  await countRun(trx, batch.id, plan, clients.knownResults, at);
  await addResultFigures(trx, batch, plan.results, at);
}
