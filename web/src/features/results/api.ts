import { baseApi, type Envelope } from '../../api/baseApi';
import type { Pagination, UploadBatch } from '../../shared/types';

/** Result (spec §3). */
export type Result = {
  id: number;
  credit_limit: number;
  interest_rate: number;
  createdAt: string;
  uploadBatchId: number;
  modelVersion: number;
  sum_normalised_credit_limit_weights: number;
  sum_normalised_interest_rate_weights: number;
  client: { id: number; name: string; reference_number: string; phoneNumber: string | null; email: string | null };
  uploadBatch: { id: number; name: string; filename: string };
  /** All Clients only: how many results the client has. */
  resultCount?: number;
  /** An administrator's listing only (every institution's results): whose client it is. */
  institution?: { id: number; name: string };
};

export type SortField = 'createdAt' | 'credit_limit' | 'interest_rate';
export type ResultFilters = {
  page: number;
  limit: number;
  sortBy: SortField;
  sortOrder: 'asc' | 'desc';
  search: string;
  dateFrom: string;
  dateTo: string;
  minAmount: string;
  maxAmount: string;
};
export type ResultsArgs = ResultFilters & { view: 'batches' | 'clients' };
export type BatchSummary = { totalClients: number; avgCreditLimit: number; avgInterestRate: number; totalCreditLimit: number };
export type ResultPage = { results: Result[]; pagination: Pagination };
export type BatchResultPage = ResultPage & { batch: UploadBatch; batchSummary: BatchSummary };

/** Which required variable stops a client scoring under today's model. */
export type NotScorableProblem = { code: 'missing_required_variable' | 'invalid_required_variable'; variable: string };

/** A version of the model and parameters: the log position of the change that made it, and its date (null: the starter model). */
export type ModelVersion = { version: number; since: string | null };

export type Comparison = {
  batch: UploadBatch;
  fromModelVersion: number;
  toModelVersion: number;
  /** The version the batch was scored under, then today's: the first is never the later one. */
  fromModel: ModelVersion;
  toModel: ModelVersion;
  totals: {
    clients: number;
    changed: number;
    scorable: number;
    noLongerScorable: number;
    oldTotalCreditLimit: number;
    oldAvgInterestRate: number;
    /** The stored figures of the clients today's model scores; null when it scores none. */
    scorableThen: { totalCreditLimit: number; avgInterestRate: number } | null;
    /** Today's figures count only the clients today's model scores: null when it scores none. */
    newTotalCreditLimit: number | null;
    newAvgInterestRate: number | null;
    notScorableReasons: (NotScorableProblem & { clients: number })[];
  };
  clients: {
    clientId: number;
    name: string;
    reference_number: string;
    old: { creditLimit: number; interestRate: number };
    new: { creditLimit: number; interestRate: number } | null;
    creditLimitChange: number | null;
    interestRateChange: number | null;
    changed: boolean;
    /** Why today's model does not score the client: `reason` in English for API clients, `problems` to say it in the page's language. */
    notScorable: { reason: string; problems: NotScorableProblem[] } | null;
  }[];
  pagination: Pagination;
};

export type ExplainedVariable = {
  variableId: number;
  name: string;
  uniqueCode: number;
  responseType: string;
  rawValue: string | null;
  n: number | null;
  proportion: number;
  contribution: number;
  missing: boolean;
  status: string;
};
export type ExplainedCategory = {
  categoryId: number;
  name: string;
  score: number;
  creditLimitWeight: number;
  interestRateWeight: number;
  creditLimitContribution: number;
  interestRateContribution: number;
  creditLimitShare: number;
  interestRateShare: number;
  variables: ExplainedVariable[];
};
export type Reason = {
  variableId: number;
  uniqueCode: number;
  variableName: string;
  cost: number;
  kind: string;
  message: string;
  reasonCode?: string | null;
  reasonParams?: Record<string, string | number> | null;
};
export type Detailed = {
  result: Result;
  /** The version the result was scored under, named as the compare names it (the change in force then, with its date). */
  model: ModelVersion;
  explanation: {
    result: { status: string; modelVersion: number };
    categories: ExplainedCategory[];
    reasons: Reason[];
  } | null;
};

/** Only the filters that are set, as query parameters. */
function params(filters: Partial<ResultFilters> & Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value !== '' && value !== undefined && value !== null) out[key] = value as string | number;
  }
  return out;
}

const withBatch = (uploadBatchId?: number) => (uploadBatchId ? { uploadBatchId } : {});

/** Results, batch results, the compare and a client's results (spec §7, Uploads and results). */
export const resultsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    results: build.query<ResultPage, ResultsArgs>({
      query: (args) => ({ url: '/result/getAllResults', params: params(args) }),
      transformResponse: (answer: Envelope<ResultPage>) => answer.data!,
      providesTags: [{ type: 'Result', id: 'LIST' }],
    }),
    batchResults: build.query<BatchResultPage, ResultFilters & { id: number }>({
      query: ({ id, ...filters }) => ({ url: `/result/batch/${id}`, params: params(filters) }),
      transformResponse: (answer: Envelope<BatchResultPage>) => answer.data!,
      providesTags: (_result, _error, { id }) => [
        { type: 'Result', id: `batch-${id}` },
        { type: 'Batch', id },
      ],
    }),
    compare: build.query<Comparison, { id: number; page: number; limit: number }>({
      query: ({ id, page, limit }) => ({ url: '/result/compare', params: { uploadBatchId: id, page, limit } }),
      transformResponse: (answer: Envelope<Comparison>) => answer.data!,
      providesTags: ['Result', 'Parameter'],
    }),
    clientHistory: build.query<Result[], number>({
      query: (id) => `/result/client/${id}/history`,
      transformResponse: (answer: Envelope<Result[]>) => answer.data ?? [],
      providesTags: (_result, _error, id) => [{ type: 'Result', id: `client-${id}` }],
    }),
    clientDetailed: build.query<Detailed, { id: number; uploadBatchId?: number }>({
      query: ({ id, uploadBatchId }) => ({ url: `/result/client/${id}/detailed`, params: withBatch(uploadBatchId) }),
      transformResponse: (answer: Envelope<Detailed>) => answer.data!,
      providesTags: (_result, _error, { id }) => [{ type: 'Result', id: `client-${id}` }],
    }),
  }),
});

export const { useResultsQuery, useBatchResultsQuery, useCompareQuery, useClientHistoryQuery, useClientDetailedQuery } = resultsApi;
