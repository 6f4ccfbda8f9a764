import { baseApi, type Envelope } from '../../../api/baseApi';
import type { AdminRole } from '../../../shared/types';

export type Administrator = {
  id: number;
  name: string;
  email: string;
  role: AdminRole;
  is_active: boolean;
  profilePhoto: string | null;
  createdAt: string;
  updatedAt: string;
};
export type AdminForm = { name: string; email: string; password: string; confirmPassword: string };
/** What the create and update calls send: the form and, when chosen or changed, the role. */
export type AdminRequest = AdminForm & { role?: AdminRole };

const LIST = { type: 'Admin', id: 'LIST' } as const;
const changed = (_result: unknown, error: unknown) => (error ? [] : [LIST, 'Dashboard' as const, { type: 'Audit' as const, id: 'LIST' }]);

/** Administrators (spec §7, Administrators and institutions). */
export const adminsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    administrators: build.query<Administrator[], void>({
      query: () => '/admin/getAllAdmins',
      transformResponse: (answer: Envelope<Administrator[]>) => answer.data ?? [],
      providesTags: [LIST],
    }),
    createAdministrator: build.mutation<Envelope, AdminRequest>({
      query: (body) => ({ url: '/admin/create', method: 'POST', body }),
      invalidatesTags: changed,
    }),
    updateAdministrator: build.mutation<Envelope, AdminRequest & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/admin/update/${id}`, method: 'PUT', body }),
      invalidatesTags: changed,
    }),
    deactivateAdministrator: build.mutation<Envelope, number>({
      query: (id) => ({ url: `/admin/deactivate/${id}`, method: 'DELETE' }),
      invalidatesTags: changed,
    }),
  }),
});

export const {
  useAdministratorsQuery,
  useCreateAdministratorMutation,
  useUpdateAdministratorMutation,
  useDeactivateAdministratorMutation,
} = adminsApi;
