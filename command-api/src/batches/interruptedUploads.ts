import type { Knex } from 'knex';
import { deterministicEventId, systemActor, type EventStore } from '@credit/events';
import { batchStream } from './uploadBatch';

export const INTERRUPTED_REASON = 'The upload was interrupted before all of its records were stored. Please upload the file again.';

/**
 * A batch whose upload stopped half-way (the process died between two appends) would stay
 * `processing` for ever. Batches still open after `staleAfterMs` are failed by the system actor,
 * which also withdraws any results already scored for them. The decision is taken on the batch's
 * own stream (the read model only says where to look), with its revision as the expected one.
 */
export async function failInterruptedUploads(
  store: EventStore,
  knex: Knex,
  staleAfterMs = 10 * 60_000,
  now = new Date(),
): Promise<number[]> {
  const cutoff = new Date(now.getTime() - staleAfterMs).toISOString();
  const candidates: { id: number }[] = await knex('batches')
    .where({ status: 'processing' })
    .andWhere('created_at', '<', cutoff)
    .select('id');
  const failed: number[] = [];
  for (const { id } of candidates) {
    const events = await store.readStream(batchStream(id));
    if (events.length === 0 || events.some((event) => event.type === 'BatchUploadCompleted' || event.type === 'BatchUploadFailed'))
      continue;
    const last = events[events.length - 1];
    await store.append(
      batchStream(id),
      [
        {
          id: deterministicEventId(`${batchStream(id)}/interrupted`),
          type: 'BatchUploadFailed',
          data: { batchId: id, reason: INTERRUPTED_REASON },
          metadata: {
            actor: systemActor,
            institutionId: last.metadata.institutionId ?? null,
            correlationId: `interrupted-${id}`,
            occurredAt: now.toISOString(),
          },
        },
      ],
      { expectedRevision: last.revision },
    );
    failed.push(id);
  }
  return failed;
}
