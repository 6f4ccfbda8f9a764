import { EventCatalogue, type EventDefinition } from '../catalogue';
import { batchEvents } from './batchEvents';
import { identityEvents } from './identityEvents';

/** Every domain event type the platform writes; each feature adds its definitions here. */
export const domainEvents: EventDefinition[] = [...identityEvents, ...batchEvents];

export const domainCatalogue = (): EventCatalogue => new EventCatalogue(domainEvents);
