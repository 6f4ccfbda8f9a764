import { baseApi, type Envelope, type Answered } from '../../../api/baseApi';
import type { ParameterValue } from '../../../shared/types';

export type ParameterImpact = 'high' | 'medium' | 'low' | 'positive' | 'negative' | 'neutral';
export const PARAMETER_IMPACTS: readonly ParameterImpact[] = ['high', 'medium', 'low', 'positive', 'negative', 'neutral'];

/** A parameter template as GET /parameter/all answers it (query-api model/modelRows.ts). */
export type ParameterTemplate = {
  id: number;
  uniqueCode: number;
  name: string;
  description: string;
  recommendedRange: string;
  impact: string;
  defaultValue: number;
  isActive: boolean;
  isRequired: boolean;
  isInstitutionSpecific: boolean;
  normalizationFormula: string | null;
};

/** What the create and edit dialog sends; the unique code only on create, the default value only when shown. */
export type ParameterTemplateBody = {
  name: string;
  description: string;
  recommendedRange: string;
  impact: string;
  normalizationFormula: string;
  isActive: boolean;
  isRequired: boolean;
  isInstitutionSpecific: boolean;
  uniqueCode?: number;
  defaultValue?: number;
};

/** One institution's value for one template: what the institution itself sees, plus the row's id, the institution and the template's flags (query-api institutionParameters/parameterValueRows.ts). */
export type InstitutionParameterValue = ParameterValue & {
  id: number | null;
  institutionId: number;
  parameter: { isActive: boolean; isRequired: boolean };
};

export type InstitutionSummary = { id: number; name: string; email: string };

const TEMPLATES = { type: 'ParameterTemplate', id: 'LIST' } as const;
/** A template change renames or removes rows in every institution's values too; nothing when the call failed. */
const templateChanged = (_result: unknown, error: unknown) =>
  error ? [] : [TEMPLATES, 'Parameter' as const, 'Dashboard' as const, { type: 'Audit' as const, id: 'LIST' }];
const valuesChanged = (_result: unknown, error: unknown) =>
  error ? [] : ['Parameter' as const, 'Dashboard' as const, { type: 'Audit' as const, id: 'LIST' }];

/** Parameter templates and per-institution values, the administrator's side (spec §7, Parameters). */
export const adminParametersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    parameterTemplates: build.query<ParameterTemplate[], void>({
      query: () => '/parameter/all',
      transformResponse: (answer: Envelope<ParameterTemplate[]>) => answer.data ?? [],
      providesTags: [TEMPLATES],
    }),
    createParameterTemplate: build.mutation<Envelope<ParameterTemplate>, ParameterTemplateBody>({
      query: (body) => ({ url: '/parameter/create', method: 'POST', body }),
      invalidatesTags: templateChanged,
    }),
    updateParameterTemplate: build.mutation<Envelope<ParameterTemplate>, ParameterTemplateBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/parameter/update/${id}`, method: 'PUT', body }),
      invalidatesTags: templateChanged,
    }),
    deleteParameterTemplate: build.mutation<Envelope, number>({
      query: (id) => ({ url: `/parameter/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: templateChanged,
    }),
    valuesOfInstitution: build.query<InstitutionParameterValue[], number>({
      query: (institutionId) => `/institution/getParameters/${institutionId}`,
      transformResponse: (answer: Envelope<InstitutionParameterValue[]>) => answer.data ?? [],
      providesTags: (_result, _error, institutionId) => [{ type: 'Parameter', id: `INSTITUTION-${institutionId}` }],
    }),
    setInstitutionValues: build.mutation<Envelope, { institutionId: number; parameters: { parameterId: number; value: number }[] }>({
      query: ({ institutionId, parameters }) => ({
        url: `/institution/setParameters/${institutionId}`,
        method: 'POST',
        body: { parameters },
      }),
      invalidatesTags: valuesChanged,
    }),
    removeInstitutionValue: build.mutation<Envelope, number>({
      query: (valueId) => ({ url: `/institution/deleteParameter/${valueId}`, method: 'DELETE' }),
      invalidatesTags: valuesChanged,
    }),
    institutionSummary: build.query<InstitutionSummary, number>({
      query: (id) => `/institution/${id}`,
      transformResponse: (answer: Answered<InstitutionSummary>) => answer.data,
      providesTags: (_result, _error, id) => [{ type: 'Institution', id }],
    }),
  }),
});

export const {
  useParameterTemplatesQuery,
  useCreateParameterTemplateMutation,
  useUpdateParameterTemplateMutation,
  useDeleteParameterTemplateMutation,
  useValuesOfInstitutionQuery,
  useSetInstitutionValuesMutation,
  useRemoveInstitutionValueMutation,
  useInstitutionSummaryQuery,
} = adminParametersApi;
