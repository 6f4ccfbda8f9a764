import { EventCatalogue, type EventDefinition } from '../catalogue';
import { batchEvents, type BatchEvent } from './batchEvents';
import { complianceEvents, type ComplianceEvent } from './complianceEvents';
import { databaseAccessEvents, type DatabaseAccessEvent } from './databaseAccessEvents';
import { identityEvents, type IdentityEvent } from './identityEvents';
import { modelEvents, type ModelEvent } from './modelEvents';
import { parameterEvents, type ParameterEvent } from './parameterEvents';
import { settingsEvents, type SettingsEvent } from './settingsEvents';
import { teamEvents, type TeamEvent } from './teamEvents';
import { templateEvents, type TemplateEvent } from './templateEvents';

/** Every domain event type the platform writes; each feature adds its definitions here. */
export const domainEvents: EventDefinition[] = [
  ...identityEvents,
  ...batchEvents,
  ...modelEvents,
  ...parameterEvents,
  ...settingsEvents,
  ...complianceEvents,
  ...databaseAccessEvents,
  ...teamEvents,
  ...templateEvents,
];

export const domainCatalogue = (): EventCatalogue => new EventCatalogue(domainEvents);

/** Every event the catalogue defines, as one union of the domains' unions: a switch on `type` narrows `data`. */
export type DomainEvent =
  | IdentityEvent
  | BatchEvent
  | ModelEvent
  | ParameterEvent
  | SettingsEvent
  | ComplianceEvent
  | DatabaseAccessEvent
  | TeamEvent
  | TemplateEvent;
