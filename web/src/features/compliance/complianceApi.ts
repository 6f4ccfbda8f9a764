import { baseApi, type Answered } from '../../api/baseApi';
import type { Pagination, UploadBatch } from '../../shared/types';

// The compliance console's answers (command-api/src/compliance, query-api/src/compliance).

export type Actor = { id: string; role: string; name: string };

export type LogHead = { position: number; hash: string | null; eventCount: number };

export type RecordedVerification = {
  position: number;
  verifiedAt: string;
  by: Actor;
  outcome: 'intact' | 'broken';
  headPosition: number;
  headHash: string | null;
  brokenAt: number | null;
  reason: string | null;
  checked: number;
  durationMs: number;
};

export type LogOverview = { head: LogHead; lastVerification: RecordedVerification | null; verifications: RecordedVerification[] };

export type VerificationOutcome =
  | { outcome: 'intact'; headPosition: number; headHash: string | null; checked: number; durationMs: number }
  | {
      outcome: 'broken';
      headPosition: number;
      headHash: string | null;
      brokenAt: number;
      reason: string;
      checked: number;
      durationMs: number;
    };

/** A verification as Verify now and its progress answer it. */
export type Verification = {
  id: string;
  state: 'running' | 'done' | 'failed';
  startedAt: string;
  startedBy: string;
  finishedAt: string | null;
  checked: number;
  total: number;
  outcome: VerificationOutcome | null;
  recordedAt: number | null;
  error: string | null;
};

/** A moment resolved to a log position, with what was asked. */
export type ResolvedMoment = { requested: string; position: number; at: string | null };

/** Who recorded an event and when. */
export type Authorship = { position: number; type: string; recordedAt: string; occurredAt: string; actor: Actor };

export type ModelCategory = { id: number; name: string; description?: string; creditLimitWeight: number; interestRateWeight: number };
export type ModelVariable = {
  id: number;
  name: string;
  uniqueCode: number;
  description: string;
  categoryId: number;
  proportion: number;
  minValue: number;
  maxValue: number;
  responseType: string;
  normalisationFormula?: string | null;
  categoryMappings?: { categoryName: string; numericValue: number }[];
  isRequired: boolean;
  mask: boolean;
  isActive: boolean;
};
export type ModelTemplate = {
  id: number;
  uniqueCode: number;
  name: string;
  description?: string;
  recommendedRange?: string;
  impact?: string;
  defaultValue: number;
  isActive: boolean;
};

export type ModelAsOf = {
  moment: ResolvedMoment;
  position: number;
  hash: string;
  lastChange: Authorship | null;
  categories: ModelCategory[];
  variables: ModelVariable[];
  parameterTemplates: ModelTemplate[];
};

export type FieldChange = { field: string; before: unknown; after: unknown };
export type EntityChange = {
  id: number;
  name: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  fields: FieldChange[];
  by: Authorship[];
};
export type SectionDiff = { added: EntityChange[]; removed: EntityChange[]; changed: EntityChange[] };
export type HistoryDiff = {
  from: ResolvedMoment;
  to: ResolvedMoment;
  sections: Record<string, SectionDiff>;
  history: (Authorship & { touched: { section: string; id: number; name: string }[] })[];
};

export type ParameterValueAsOf = {
  id: number;
  name: string;
  uniqueCode: number;
  value: number;
  ownValue: number | null;
  defaultValue: number;
  isActive: boolean;
};
export type ParametersAsOf = {
  moment: ResolvedMoment;
  institutionId: number;
  position: number;
  lastChange: Authorship | null;
  parameters: ParameterValueAsOf[];
};

export type InstitutionChoice = { id: number; name: string };

type Terms = { creditLimit: number; interestRate: number; creditLimitWeights: number; interestRateWeights: number };
export type ReproductionDifference = {
  rowNumber: number;
  reference: string;
  stored: Terms | null;
  replayed: Terms | null;
  rejection: string | null;
  fields: string[];
};
export type Reproduction = {
  total: number;
  reproduced: number;
  exact: boolean;
  storedResults: number;
  storedWithoutRecord: number;
  differences: ReproductionDifference[];
};
type ClientTerms = { creditLimit: number; interestRate: number };
export type ComparedClient = {
  rowNumber: number;
  reference: string;
  name: string;
  champion: ClientTerms | null;
  challenger: ClientTerms | null;
  creditLimitChange: number | null;
  interestRateChange: number | null;
  changed: boolean;
};
export type SideTotals = { scorable: number; totalCreditLimit: number; averageInterestRate: number };
export type BatchReplay = {
  batch: UploadBatch & { modelVersion: number };
  champion: { moment: 'upload'; position: number };
  challenger: ResolvedMoment;
  reproduction: Reproduction | null;
  comparison: {
    totals: {
      clients: number;
      changed: number;
      champion: SideTotals;
      challenger: SideTotals;
      totalCreditLimitChange: number;
      becameScorable: number;
      noLongerScorable: number;
    };
    clients: ComparedClient[];
    pagination: Pagination;
  };
};

export type ReplayQuery = { batchId: number; against: string; page: number; limit: number; changedOnly: boolean };

/** `at=` or `position=` for a moment typed as a date-time or a log position; nothing for now. */
export const momentParams = (moment: string): Record<string, string> =>
  moment === '' ? {} : /^\d+$/.test(moment) ? { position: moment } : { at: moment };

/** The compliance console's reads and its one command (Verify now, which auditors may run too). */
export const complianceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    complianceLog: build.query<LogOverview, void>({
      query: () => '/admin/compliance/log',
      transformResponse: (answer: Answered<LogOverview>) => answer.data,
    }),
    verifyLog: build.mutation<Verification, void>({
      query: () => ({ url: '/admin/compliance/verify', method: 'POST' }),
      transformResponse: (answer: Answered<Verification>) => answer.data,
    }),
    verificationProgress: build.query<Verification, string>({
      query: (id) => `/admin/compliance/verify/${id}`,
      transformResponse: (answer: Answered<Verification>) => answer.data,
    }),
    modelAsOf: build.query<ModelAsOf, string>({
      query: (moment) => ({ url: '/admin/compliance/model', params: momentParams(moment) }),
      transformResponse: (answer: Answered<ModelAsOf>) => answer.data,
    }),
    modelDiff: build.query<HistoryDiff, { from: string; to: string }>({
      query: ({ from, to }) => ({ url: '/admin/compliance/model/diff', params: { from, to: to || 'now' } }),
      transformResponse: (answer: Answered<HistoryDiff>) => answer.data,
    }),
    parametersAsOf: build.query<ParametersAsOf, { institutionId: number; moment: string }>({
      query: ({ institutionId, moment }) => ({
        url: `/admin/compliance/institutions/${institutionId}/parameters`,
        params: momentParams(moment),
      }),
      transformResponse: (answer: Answered<ParametersAsOf>) => answer.data,
    }),
    parametersDiff: build.query<HistoryDiff, { institutionId: number; from: string; to: string }>({
      query: ({ institutionId, from, to }) => ({
        url: `/admin/compliance/institutions/${institutionId}/parameters/diff`,
        params: { from, to: to || 'now' },
      }),
      transformResponse: (answer: Answered<HistoryDiff>) => answer.data,
    }),
    complianceInstitutions: build.query<InstitutionChoice[], void>({
      query: () => ({ url: '/admin/institutions', params: { status: 'all' } }),
      transformResponse: (answer: Answered<{ institutions: InstitutionChoice[] }>) =>
        answer.data.institutions.map(({ id, name }) => ({ id, name })).sort((left, right) => left.name.localeCompare(right.name)),
    }),
    recentBatches: build.query<UploadBatch[], void>({
      query: () => ({ url: '/csv/batches', params: { limit: 10 } }),
      transformResponse: (answer: Answered<{ batches: UploadBatch[] }>) => answer.data.batches,
    }),
    batchReplay: build.query<BatchReplay, ReplayQuery>({
      query: ({ batchId, against, page, limit, changedOnly }) => ({
        url: `/admin/compliance/batches/${batchId}/replay`,
        params: { against, page, limit, ...(changedOnly ? { changedOnly: 'true' } : {}) },
      }),
      transformResponse: (answer: Answered<BatchReplay>) => answer.data,
    }),
  }),
});

export const {
  useComplianceLogQuery,
  useVerifyLogMutation,
  useVerificationProgressQuery,
  useModelAsOfQuery,
  useModelDiffQuery,
  useParametersAsOfQuery,
  useParametersDiffQuery,
  useComplianceInstitutionsQuery,
  useRecentBatchesQuery,
  useBatchReplayQuery,
} = complianceApi;
