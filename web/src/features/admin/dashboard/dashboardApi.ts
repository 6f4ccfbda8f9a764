import { baseApi, type Answered } from '../../../api/baseApi';
import type { AuditEntry } from '../audit/auditApi';

export type Figure = { value: number; lastMonth: number; change: number };
export type MonthActivity = { month: string; registrations: number; approvals: number; batches: number };
export type AdminDashboard = {
  totalUsers: Figure;
  activeInstitutions: Figure;
  pendingApprovals: Figure;
  systemParameters: Figure;
  comparedWith: string;
  recentActivity: AuditEntry[];
  monthly: MonthActivity[];
};

/** `GET /admin/dashboard`: the four figures against last month, the last 10 audit rows, 12 months of activity. */
export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    adminDashboard: build.query<AdminDashboard, void>({
      query: () => '/admin/dashboard',
      transformResponse: (answer: Answered<AdminDashboard>) => answer.data,
      providesTags: ['Dashboard', { type: 'Audit', id: 'LIST' }],
    }),
  }),
});

export const { useAdminDashboardQuery } = dashboardApi;
