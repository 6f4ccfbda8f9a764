import { EventCatalogue, type EventDefinition } from '../catalogue';

/** Every domain event type the platform writes; each feature adds its definitions here. */
export const domainEvents: EventDefinition[] = [];

export const domainCatalogue = (): EventCatalogue => new EventCatalogue(domainEvents);
