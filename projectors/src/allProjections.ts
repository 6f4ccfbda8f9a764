import { databaseAccessProjection } from './analytics/databaseAccessProjection';
import { auditProjection } from './audit/auditProjection';
import { logVerificationsProjection } from './compliance/logVerificationsProjection';
import { accountStatusHistoryProjection } from './identity/accountStatusHistory';
import { identityProjection } from './identity/identityProjection';
import { mailProjection } from './mail/mailProjection';
import { institutionParametersProjection } from './model/institutionParametersProjection';
import { modelProjection } from './model/modelProjection';
import type { EventStore } from '@credit/events';
import type { Projection } from './runtime/projection';
import { scoringProjection } from './scoring/scoringProjection';
import { settingsProjection } from './settings/settingsProjection';
import { teamProjection } from './team/teamProjection';
import { templateDownloadsProjection } from './templates/templateDownloadsProjection';

/** Every projection the platform runs, each the single active instance of its name. */
export const allProjections = (store: EventStore): Projection[] => [
  identityProjection(),
  accountStatusHistoryProjection(),
  auditProjection(),
  scoringProjection(store),
  mailProjection(store),
  modelProjection(),
  institutionParametersProjection(),
  settingsProjection(),
  logVerificationsProjection(),
  databaseAccessProjection(),
  teamProjection(),
  templateDownloadsProjection(),
];
