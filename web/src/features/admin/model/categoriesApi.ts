import { baseApi, type Envelope } from '../../../api/baseApi';

/** A variable category as GET /variableCategory/all answers it (query-api model/modelQueries.ts). */
export type Category = {
  id: number;
  name: string;
  description: string;
  creditLimitWeight: number;
  interestRateWeight: number;
  variableCount: number;
};

export type CategoryBody = { name: string; description: string; creditLimitWeight: number; interestRateWeight: number };

const LIST = { type: 'Category', id: 'LIST' } as const;
/** A category's name shows in the variables list too; nothing is invalidated when the call failed. */
const changed = (_result: unknown, error: unknown) =>
  error ? [] : [LIST, { type: 'Variable' as const, id: 'LIST' }, 'Dashboard' as const, { type: 'Audit' as const, id: 'LIST' }];

/** Variable categories (spec §7, Variables and categories). */
export const categoriesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    categories: build.query<Category[], void>({
      query: () => '/variableCategory/all',
      transformResponse: (answer: Envelope<Category[]>) => answer.data ?? [],
      providesTags: [LIST],
    }),
    createCategory: build.mutation<Envelope<Category>, CategoryBody>({
      query: (body) => ({ url: '/variableCategory/create', method: 'POST', body }),
      invalidatesTags: changed,
    }),
    updateCategory: build.mutation<Envelope<Category>, CategoryBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/variableCategory/update/${id}`, method: 'PUT', body }),
      invalidatesTags: changed,
    }),
    deleteCategory: build.mutation<Envelope, number>({
      query: (id) => ({ url: `/variableCategory/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: changed,
    }),
  }),
});

export const { useCategoriesQuery, useCreateCategoryMutation, useUpdateCategoryMutation, useDeleteCategoryMutation } = categoriesApi;
