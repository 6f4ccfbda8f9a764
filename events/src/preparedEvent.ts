import type { EventCatalogue } from './catalogue';
import { ValidationError } from './errors';
import type { NewEvent } from './eventStore';
import { eventMetadataSchema, type EventMetadata } from './metadata';
import { SerialisedPayload } from './serialisedPayload';
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

/**
 * An event as every adapter stores it: id a UUID, payload and metadata valid and storable as text. A
 * SerialisedPayload was checked where it was made; its `data` is parsed only if an adapter reads it.
 */
export function prepareEvent(catalogue: EventCatalogue, event: NewEvent): PreparedEvent {
  if (!UUID.test(event.id)) throw new ValidationError(`Event id must be a UUID: ${event.id}`);
  const metadata = eventMetadataSchema.safeParse(event.metadata);
  if (!metadata.success) throw new ValidationError(`Invalid event metadata: ${metadata.error.issues[0]?.message}`);
  const metadataJson = JSON.stringify(metadata.data);
  assertStorableJson(metadataJson, 'Request details');
  const prepared = {
    id: event.id.toLowerCase(),
    type: event.type,
    schemaVersion: catalogue.versionOf(event.type),
    metadata: metadata.data,
    metadataJson,
  };
  const payload = event.data;
  if (SerialisedPayload.is(payload)) {
    // Checked and serialised where it was made (SerialisedPayload.of), against this type's schema.
    if (payload.type !== event.type) throw new ValidationError(`A ${payload.type} payload cannot be appended as ${event.type}`);
    return {
      ...prepared,
      dataJson: payload.json,
      get data() {
        return payload.parsed();
      },
    };
  }
  const data = catalogue.validate(event.type, payload);
  const dataJson = JSON.stringify(data);
  assertStorableJson(dataJson, 'Text');
  return { ...prepared, data, dataJson };
}
