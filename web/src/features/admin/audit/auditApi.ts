import { baseApi, type Answered } from '../../../api/baseApi';

/** Spec §9's audit action values. */
export const AUDIT_ACTIONS = ['login', 'logout', 'view', 'update', 'calculate', 'batch', 'export', 'system'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One audit row as the API answers it (query-api audit/auditLog.ts). */
export type AuditEntry = {
  id: number;
  position: number;
  eventId: string;
  eventType: string;
  timestamp: string;
  user: string;
  actor: { id: string; role: string; name: string };
  action: string;
  description: string;
  /** The description as a code and parts, for the page's language (null on rows written before codes). */
  descriptionCode?: string | null;
  descriptionParams?: Record<string, string | number> | null;
  ip: string | null;
  userAgent: string | null;
  institutionId: number | null;
  correlationId: string;
  details: Record<string, unknown>;
};

export type AuditQuery = { dateFrom?: string; dateTo?: string; action?: string; actor?: string; page: number; limit: number };
export type AuditPage = { logs: AuditEntry[]; pagination: { total: number; page: number; limit: number; totalPages: number } };

/** Only the filters that are set go into the query string. */
export const auditParams = (query: AuditQuery): Record<string, string | number> =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ''));

/** The audit trail (README, Audit log and admin dashboard). */
export const auditApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    auditLog: build.query<AuditPage, AuditQuery>({
      query: (query) => ({ url: '/admin/audit', params: auditParams(query) }),
      transformResponse: (answer: Answered<AuditPage>) => answer.data,
      providesTags: [{ type: 'Audit', id: 'LIST' }],
    }),
  }),
});

export const { useAuditLogQuery, useLazyAuditLogQuery } = auditApi;
