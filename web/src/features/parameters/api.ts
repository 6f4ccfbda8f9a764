import { baseApi, type Envelope } from '../../api/baseApi';
import type { ParameterValue } from '../../shared/types';

export type ParameterWarning = { parameterId: number; name: string; value: number; recommendedRange: string; message: string };
export type HistoryRow = {
  id: string;
  parameterId: number;
  parameterName: string;
  uniqueCode: number;
  oldValue: number | null;
  newValue: number | null;
  change: string;
  userName: string;
  changedAt: string;
};

/** The signed-in institution's parameter values, their change and their history (spec §7, Parameters). */
export const parametersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    institutionParameters: build.query<ParameterValue[], void>({
      query: () => '/institution/getParameters',
      transformResponse: (answer: Envelope<ParameterValue[]>) => answer.data ?? [],
      providesTags: [{ type: 'Parameter', id: 'MINE' }],
    }),
    // Without institutionId: the signed-in institution's own history; an administrator names one.
    parameterHistory: build.query<HistoryRow[], { page: number; limit: number; institutionId?: number }>({
      query: ({ institutionId, ...params }) => ({
        url: institutionId === undefined ? '/institution/parameterHistory' : `/institution/parameterHistory/${institutionId}`,
        params,
      }),
      transformResponse: (answer: Envelope<HistoryRow[]>) => answer.data ?? [],
      providesTags: (_result, _error, { institutionId }) => [{ type: 'Parameter', id: `HISTORY-${institutionId ?? 'MINE'}` }],
    }),
    saveParameters: build.mutation<Envelope<{ warnings?: ParameterWarning[] }>, { parameterId: number; value: number }[]>({
      query: (parameters) => ({ url: '/institution/setParameters', method: 'POST', body: { parameters } }),
      invalidatesTags: (_result, error) => (error ? [] : ['Parameter', 'Dashboard']),
    }),
    resetParameters: build.mutation<Envelope, void>({
      query: () => ({ url: '/institution/resetParameters', method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Parameter', 'Dashboard']),
    }),
  }),
});

export const { useInstitutionParametersQuery, useParameterHistoryQuery, useSaveParametersMutation, useResetParametersMutation } =
  parametersApi;
