import { auditProjection } from './audit/auditProjection';
import { identityProjection } from './identity/identityProjection';
import { mailProjection } from './mail/mailProjection';
import { institutionParametersProjection } from './model/institutionParametersProjection';
import { modelProjection } from './model/modelProjection';
import type { EventStore } from '@credit/events';
import type { Projection } from './runtime/projection';
import { scoringProjection } from './scoring/scoringProjection';
import { settingsProjection } from './settings/settingsProjection';

/** Every projection the platform runs, each the single active instance of its name. */
export const allProjections = (store: EventStore): Projection[] => [
  identityProjection(),
  auditProjection(),
  scoringProjection(store),
  mailProjection(store),
  modelProjection(),
  institutionParametersProjection(),
  settingsProjection(),
];
