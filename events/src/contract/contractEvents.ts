import { z } from 'zod';
import { defineEvent, EventCatalogue } from '../catalogue';
import { newEventId } from '../ids';
import type { NewEvent } from '../eventStore';
import type { EventMetadata } from '../metadata';

/** Event types used only by the contract suite, so it needs nothing from the domain. */
export const counterIncremented = defineEvent(
  'ContractCounterIncremented',
  z.object({ writer: z.number().int(), sequence: z.number().int(), note: z.string().optional() }),
);

export const contractCatalogue = (): EventCatalogue => new EventCatalogue([counterIncremented]);

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
