import type { Knex } from 'knex';
import type { EventStore } from '@credit/events';
import { failInterruptedUploads } from '@credit/command-api';
import { waitForCheckpoints, type Projection } from '@credit/projectors';
import type { AppLogger } from './logger';

/**
 * At start, once the projections have caught up with the log as it was then: the uploads a dead
 * process left open. When this process started the database itself (`exclusive`: the embedded
 * server, nobody else connected), every batch still open from before the start was interrupted, so
 * they are failed now rather than ten minutes after they began; otherwise (processes sharing a
 * PostgreSQL, where another may be uploading) the usual ten-minute rule applies, as in the minute job.
 */
export async function failUploadsInterruptedBeforeStart(options: {
  store: EventStore;
  knex: Knex;
  projections: readonly Projection[];
  exclusive: boolean;
  logger: AppLogger;
  /** Aborted when the platform stops first: then nothing is reported. */
  signal?: AbortSignal;
}): Promise<number[]> {
  const { store, knex, projections, exclusive, logger, signal } = options;
  const startedAt = Date.now();
  try {
    const head = (await store.head()).position;
    await waitForCheckpoints(
      knex,
      projections.map((projection) => projection.name),
      head,
      10 * 60_000,
      signal,
    );
    const failed = exclusive
      ? await failInterruptedUploads(store, knex, Date.now() - startedAt)
      : await failInterruptedUploads(store, knex);
    if (failed.length > 0) logger.warn({ batches: failed }, 'failed the uploads interrupted before this start');
    return failed;
  } catch (error) {
    if (signal?.aborted) return [];
    logger.error({ err: error }, 'could not check for uploads interrupted before this start');
    return [];
  }
}
