import { baseApi, type Envelope, type Answered } from '../../../api/baseApi';

export type ApprovalStatus = 'pending' | 'approved' | 'rejected';
export type ApprovalFilter = 'all' | ApprovalStatus;

/** An institution as the admin routes answer it (query-api identity/institutionRows.ts). */
export type Institution = {
  id: number;
  name: string;
  email: string;
  is_active: boolean;
  status: ApprovalStatus;
  accountStatus: string;
  /** The logo's short-lived signed URL (also in `logo`), never the image itself. */
  logoUrl: string | null;
  registrationNumber: string;
  authorizationNumber: string;
  rejectionReason: string | null;
  deactivationComment: string | null;
  createdAt: string;
  updatedAt: string;
  approvedAt: string | null;
};

export type ApprovalList = { institutions: Institution[]; counts: Record<ApprovalFilter, number> };

const LIST = { type: 'Institution', id: 'LIST' } as const;
/** What an institution's change refreshes; nothing when the call failed. */
const changed = (_result: unknown, error: unknown) => (error ? [] : [LIST, 'Dashboard' as const, 'Audit' as const]);

/** Approvals and user management (README, Institutions, administrators and sessions). */
export const institutionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    approvalList: build.query<ApprovalList, { status: ApprovalFilter; search: string }>({
      query: ({ status, search }) => ({ url: '/admin/institutions', params: { status, ...(search ? { search } : {}) } }),
      transformResponse: (answer: Answered<ApprovalList>) => answer.data,
      providesTags: [LIST],
    }),
    allInstitutions: build.query<Institution[], void>({
      query: () => '/institution/getAllInstitutions',
      transformResponse: (answer: Envelope<Institution[]>) => answer.data ?? [],
      providesTags: [LIST],
    }),
    approveInstitution: build.mutation<Envelope, number>({
      query: (id) => ({ url: `/admin/institutions/${id}/approve`, method: 'POST' }),
      invalidatesTags: changed,
    }),
    rejectInstitution: build.mutation<Envelope, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `/admin/institutions/${id}/reject`, method: 'POST', body: { reason } }),
      invalidatesTags: changed,
    }),
    deactivateInstitution: build.mutation<Envelope, { id: number; comment: string }>({
      query: ({ id, comment }) => ({ url: `/institution/deactivate/${id}`, method: 'POST', body: { comment } }),
      invalidatesTags: changed,
    }),
    activateInstitution: build.mutation<Envelope, number>({
      query: (id) => ({ url: `/admin/update-institution-status/${id}`, method: 'PATCH', body: { is_active: true } }),
      invalidatesTags: changed,
    }),
    updateInstitution: build.mutation<Envelope, { id: number; name: string; email: string }>({
      query: ({ id, ...body }) => ({ url: `/admin/institutions/${id}`, method: 'PUT', body }),
      invalidatesTags: changed,
    }),
    closeInstitution: build.mutation<Envelope, number>({
      query: (id) => ({ url: `/admin/institutions/${id}`, method: 'DELETE' }),
      invalidatesTags: changed,
    }),
  }),
});

export const {
  useApprovalListQuery,
  useAllInstitutionsQuery,
  useApproveInstitutionMutation,
  useRejectInstitutionMutation,
  useDeactivateInstitutionMutation,
  useActivateInstitutionMutation,
  useUpdateInstitutionMutation,
  useCloseInstitutionMutation,
} = institutionsApi;
