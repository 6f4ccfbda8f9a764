import type { EventCatalogue } from './catalogue';
import { ValidationError } from './errors';
import type { NewEvent } from './eventStore';
import { eventMetadataSchema, type EventMetadata } from './metadata';
import { assertStorableJson } from './storableText';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PreparedEvent = {
  id: string;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: EventMetadata;
  dataJson: string;
  metadataJson: string;
};

/** An event as every adapter stores it: id a UUID, payload and metadata valid and storable as text. */
export function prepareEvent(catalogue: EventCatalogue, event: NewEvent): PreparedEvent {
  if (!UUID.test(event.id)) throw new ValidationError(`Event id must be a UUID: ${event.id}`);
  const data = catalogue.validate(event.type, event.data);
  const metadata = eventMetadataSchema.safeParse(event.metadata);
  if (!metadata.success) throw new ValidationError(`Invalid event metadata: ${metadata.error.issues[0]?.message}`);
  const dataJson = JSON.stringify(data);
  const metadataJson = JSON.stringify(metadata.data);
  assertStorableJson(dataJson, 'Text');
  assertStorableJson(metadataJson, 'Request details');
  return {
    id: event.id.toLowerCase(),
    type: event.type,
    schemaVersion: catalogue.versionOf(event.type),
    data,
    metadata: metadata.data,
    dataJson,
    metadataJson,
  };
}
