import { baseApi, type Envelope, type Answered } from '../../../api/baseApi';

export type ResponseType = 'int_float' | 'boolean' | 'categorical';
export const RESPONSE_TYPES: readonly ResponseType[] = ['int_float', 'boolean', 'categorical'];

export type CategoryMapping = { categoryName: string; numericValue: number };

/** A variable as GET /variable/all?includeAssociations=true answers it (query-api model/modelRows.ts). */
export type Variable = {
  id: number;
  name: string;
  description: string;
  uniqueCode: number;
  variableCategoryId: number;
  categoryName: string | null;
  variableProportion: number;
  min_value: number;
  max_value: number;
  responseType: ResponseType;
  normalisationFormula: string | null;
  categoryMappings: CategoryMapping[];
  is_required: boolean;
  mask: boolean;
  isUsedInFormula: boolean;
  isActive: boolean;
};

export type ProportionChange = { variableId: number; proportion: number };

/** What the variable dialog sends; `redistributeProportions` sets the category's other variables in the same save. */
export type VariableBody = {
  name: string;
  description: string;
  uniqueCode: number;
  is_required: boolean;
  mask: boolean;
  isUsedInFormula: boolean;
  min_value: number;
  max_value: number;
  responseType: ResponseType;
  variableCategoryId: number;
  variableProportion: number;
  normalisationFormula: string | null;
  categoryMappings: CategoryMapping[];
  redistributeProportions: ProportionChange[];
};

/** An unsaved formula with the range it is read against; `variableId` when the variable exists. */
export type FormulaDraft = { formula: string; minValue?: number; maxValue?: number; variableId?: number };
export type FormulaCheck = { valid: true; samples: { value: number; result: number | null }[] };
export type FormulaTrial = { normalizedValue: number; formulaResult: number | null };

const LIST = { type: 'Variable', id: 'LIST' } as const;
/** A variable's proportion changes its siblings' too, and its category's variable count. */
const changed = (_result: unknown, error: unknown) =>
  error ? [] : [LIST, { type: 'Category' as const, id: 'LIST' }, 'Dashboard' as const, { type: 'Audit' as const, id: 'LIST' }];

/** Variables, and the formula checks that save nothing (spec §7, Variables and categories). */
export const variablesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    variables: build.query<Variable[], void>({
      query: () => '/variable/all?includeAssociations=true',
      transformResponse: (answer: Envelope<Variable[]>) => answer.data ?? [],
      providesTags: [LIST],
    }),
    createVariable: build.mutation<Envelope<{ warnings?: string[] }>, VariableBody>({
      query: (body) => ({ url: '/variable/create', method: 'POST', body }),
      invalidatesTags: changed,
    }),
    updateVariable: build.mutation<Envelope<{ warnings?: string[] }>, VariableBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/variable/update/${id}`, method: 'PUT', body }),
      invalidatesTags: changed,
    }),
    deleteVariable: build.mutation<Envelope<{ warnings?: string[] }>, number>({
      query: (id) => ({ url: `/variable/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: changed,
    }),
    checkFormula: build.mutation<FormulaCheck, FormulaDraft>({
      query: (body) => ({ url: '/variable/validate-normalization-formula', method: 'POST', body: { ...body, responseType: 'int_float' } }),
      transformResponse: (answer: Answered<FormulaCheck>) => answer.data,
    }),
    tryFormula: build.mutation<FormulaTrial, FormulaDraft & { testValue: string }>({
      query: (body) => ({ url: '/variable/test-variable-normalization', method: 'POST', body: { ...body, responseType: 'int_float' } }),
      transformResponse: (answer: Answered<FormulaTrial>) => answer.data,
    }),
  }),
});

export const {
  useVariablesQuery,
  useCreateVariableMutation,
  useUpdateVariableMutation,
  useDeleteVariableMutation,
  useCheckFormulaMutation,
  useTryFormulaMutation,
} = variablesApi;
