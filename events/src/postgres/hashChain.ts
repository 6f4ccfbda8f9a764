import { createHash } from 'node:crypto';

export type ChainedFields = {
  position: number;
  eventId: string;
  streamId: string;
  revision: number;
  type: string;
  schemaVersion: number;
  dataJson: string;
  metadataJson: string;
  recordedAt: string;
};

/** SHA-256 over the previous event's hash and every stored field of this event, so any edit breaks the chain. */
export function chainHash(previousHash: string, event: ChainedFields): string {
  return createHash('sha256')
    .update(previousHash)
    .update('\n')
    .update(
      [
        event.position,
        event.eventId,
        event.streamId,
        event.revision,
        event.type,
        event.schemaVersion,
        event.dataJson,
        event.metadataJson,
        event.recordedAt,
      ].join('\u001f'),
    )
    .digest('hex');
}
