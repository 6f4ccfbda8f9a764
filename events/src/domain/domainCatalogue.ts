import { EventCatalogue, type EventDefinition } from '../catalogue';
import { batchEvents } from './batchEvents';
import { identityEvents } from './identityEvents';
import { modelEvents } from './modelEvents';
import { parameterEvents } from './parameterEvents';
import { settingsEvents } from './settingsEvents';

/** Every domain event type the platform writes; each feature adds its definitions here. */
export const domainEvents: EventDefinition[] = [...identityEvents, ...batchEvents, ...modelEvents, ...parameterEvents, ...settingsEvents];

export const domainCatalogue = (): EventCatalogue => new EventCatalogue(domainEvents);
