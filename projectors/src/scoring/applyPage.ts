import type { Knex } from 'knex';
import { ModelCompileError } from '@credit/scoring';
import { failsOnData } from '../runtime/projectionFailures';
import type { RecordsUploaded, ScoringEvent } from './scoringEvents';

type OtherEvent = Exclude<ScoringEvent, RecordsUploaded>;

/** What applying a page does with each of its steps, in the savepoint it is given. */
export type ScoringSteps = {
  /**
   * Scores a run of one batch's chunks (nothing for a batch that has failed), or, given several
   * chunks two of whose records name one client, answers so and writes nothing.
   */
  scoreRun: (chunks: readonly RecordsUploaded[], trx: Knex.Transaction) => Promise<'done' | 'repeats a client'>;
  apply: (event: OtherEvent, trx: Knex.Transaction) => Promise<void>;
  failBatch: (trx: Knex.Transaction, batchId: number, reason: string, at: string) => Promise<void>;
};

/** A step of a page: a run of one batch's record chunks written by one request, or any other event alone. */
type Step = { chunks: RecordsUploaded[] } | { event: OtherEvent };

/**
 * The page split into steps: consecutive record chunks of one batch written by one request (so one
 * time, which the rows take whatever the page boundaries, live or in a rebuild) together.
 */
export function pageSteps(events: readonly ScoringEvent[]): Step[] {
  const steps: Step[] = [];
  for (const event of events) {
    if (event.type !== 'ClientRecordsUploaded') {
      steps.push({ event });
      continue;
    }
    const last = steps.at(-1);
    const run = last && 'chunks' in last ? last.chunks : null;
    if (run && run[0].data.batchId === event.data.batchId && run[0].metadata.occurredAt === event.metadata.occurredAt) run.push(event);
    else steps.push({ chunks: [event] });
  }
  return steps;
}

/**
 * Applies a page, each step in a savepoint: bad data in one batch fails that batch alone and never
 * blocks the batches after it. A run of several chunks goes whole unless it repeats a client or
 * fails; then it goes one chunk at a time, so that the outcome (which chunk fails, which ids are
 * taken) is the one-chunk-at-a-time outcome, whatever the page boundaries made of the run, live or
 * in a rebuild.
 */
export async function applyPage(events: readonly ScoringEvent[], trx: Knex.Transaction, steps: ScoringSteps): Promise<void> {
  const failBatch = (event: ScoringEvent, failure: unknown) =>
    steps.failBatch(trx, event.data.batchId, failureReason(failure), event.metadata.occurredAt);
  for (const step of pageSteps(events)) {
    if ('event' in step) {
      const outcome = await inSavepoint(trx, (savepoint) => steps.apply(step.event, savepoint));
      // A batch that could not open has no row to mark failed: the page fails, and the runner records the event.
      if ('failure' in outcome && step.event.type === 'BatchUploadStarted') throw outcome.failure;
      if ('failure' in outcome) await failBatch(step.event, outcome.failure);
      continue;
    }
    if (step.chunks.length > 1) {
      const whole = await inSavepoint(trx, (savepoint) => steps.scoreRun(step.chunks, savepoint));
      if ('done' in whole && whole.done === 'done') continue;
    }
    for (const chunk of step.chunks) {
      const outcome = await inSavepoint(trx, (savepoint) => steps.scoreRun([chunk], savepoint));
      if ('failure' in outcome) await failBatch(chunk, outcome.failure);
    }
  }
}

/**
 * Runs `work` in a savepoint. A failure that replaying the same events would meet again (bad data,
 * a limit, a model that does not compile) rolls the savepoint back and comes back as the outcome;
 * any other (a lost connection) fails the page, which is retried.
 */
async function inSavepoint<T>(
  trx: Knex.Transaction,
  work: (savepoint: Knex.Transaction) => Promise<T>,
): Promise<{ done: T } | { failure: unknown }> {
  try {
    return { done: await trx.transaction(work) };
  } catch (failure) {
    if (!isDeterministic(failure)) throw failure;
    return { failure };
  }
}

/** A failure that replaying the same events would meet again. */
function isDeterministic(error: unknown): boolean {
  if (error instanceof ModelCompileError) return true;
  return typeof (error as { code?: unknown }).code === 'string' && failsOnData(error);
}

/** A reason that is the same on every replay (no SQL text, no server-language message). */
function failureReason(error: unknown): string {
  if (error instanceof ModelCompileError) return `Scoring failed: ${error.message}`;
  return `Scoring failed: the records could not be stored (PostgreSQL error ${(error as { code: string }).code})`;
}
