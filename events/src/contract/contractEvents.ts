import { z } from 'zod';
import { defineEvent, EventCatalogue, isEventOf, type DataOf } from '../catalogue';
import { newEventId } from '../ids';
import type { NewEvent, RecordedEvent } from '../eventStore';
import type { EventMetadata } from '../metadata';

/** Event types used only by the contract suite, so it needs nothing from the domain. */
export const counterIncremented = defineEvent(
  'ContractCounterIncremented',
  z.object({ writer: z.number().int(), sequence: z.number().int(), note: z.string().optional() }),
);

export const contractCatalogue = (): EventCatalogue => new EventCatalogue([counterIncremented]);

const isCounterIncremented = isEventOf([counterIncremented]);

/** A stored counter event's payload: the contract suite and the tally projection store nothing else. */
export function counterOf(event: RecordedEvent): DataOf<typeof counterIncremented> {
  if (!isCounterIncremented(event)) throw new Error(`Expected a ${counterIncremented.type} event, got ${event.type}`);
  return event.data;
}

export const contractMetadata = (): EventMetadata => ({
  actor: { id: 'contract', role: 'system', name: 'Contract suite' },
  correlationId: newEventId(),
  occurredAt: new Date().toISOString(),
});

export const increment = (writer: number, sequence: number, id = newEventId()): NewEvent => ({
  id,
  type: counterIncremented.type,
  data: { writer, sequence },
  metadata: contractMetadata(),
});
