/**
 * What the query side reads: each read model's table names and row types, exported by the folder
 * that owns them. Only names and types live behind this module (no projection code, no engine), so
 * the query API imports it without loading the projectors.
 */
export * from './identity/identityTables';
export * from './model/modelTables';
export * from './model/institutionParametersTables';
export * from './audit/auditTables';
export * from './settings/settingsTables';
export * from './compliance/logVerificationsTables';
export * from './team/teamTables';
export * from './templates/templateDownloadsTables';
export * from './analytics/databaseAccessTables';
export { ANALYTICS_SCHEMA, ANALYTICS_VIEWS_V1 } from './analytics/analyticsV1';
export { ANALYTICS_ACCESS_SCOPES, analyticsRoles, analyticsRolesOf, type AnalyticsRoles } from './analytics/analyticsSchema';
export { BATCHES, BATCH_ERRORS, CLIENTS, COMPLETED_STATUSES, RESULTS, type BatchRow, type BatchErrorRow } from './scoring/scoringTables';
export { CLIENT_SEARCH } from './scoring/clientSearchTables';
export { RESULT_FIGURES, SCORE_BUCKETS, type ResultFiguresRow } from './scoring/resultFiguresTables';
export { LIMIT_BANDS, PORTFOLIO_FIGURES, RATE_STEP, SCORE_SCALE, type PortfolioFiguresRow } from './scoring/portfolioFiguresTables';
export { CHECKPOINTS, readCheckpoints } from './runtime/checkpoints';
export { PROJECTION_FAILURES } from './runtime/projectionFailures';
