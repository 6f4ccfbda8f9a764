import type { BatchReplays, TimeTravel } from '@credit/projectors/src/compliance/compliancePorts';

/**
 * Time travel and batch replay, provided by the composition root: read from the log by the
 * projectors package, which holds the folds and the scoring engine (its types imported type-only,
 * so the query API loads none of it). The query side only shapes answers. Nothing here writes.
 */
export type CompliancePort = Pick<
  TimeTravel,
  'positionAt' | 'head' | 'modelAt' | 'modelDiff' | 'institutionParametersAt' | 'institutionParametersDiff'
> &
  Pick<BatchReplays, 'replay'>;

export type { BatchReplay, ReplayOutcome, ReplayedRecord } from '@credit/projectors/src/compliance/compliancePorts';
