import { baseApi, type Answered } from '../../api/baseApi';
import type { Actor } from './complianceApi';

/** One event as the browser lists it (query-api/src/compliance/eventBrowserQueries.ts). */
export type EventSummary = {
  position: number;
  type: string;
  stream: string;
  revision: number;
  recordedAt: string;
  occurredAt: string | null;
  actor: Actor;
  institutionId: number | null;
};

export type EventPage = { events: EventSummary[]; head: number; next: number | null; order: 'newest' | 'oldest'; limit: number };

export type EventQuery = {
  stream?: string;
  type?: string;
  actorKind?: string;
  actorId?: string;
  institutionId?: string;
  from?: string;
  to?: string;
  order?: string;
  after?: string;
  limit?: number;
};

export type EventAuditEntry = {
  id: number;
  position: number;
  action: string;
  description: string;
  descriptionCode?: string | null;
  descriptionParams?: Record<string, string | number> | null;
  timestamp: string;
  user: string;
};

export type EventDetails = {
  position: number;
  id: string;
  type: string;
  schemaVersion: number;
  stream: string;
  revision: number;
  recordedAt: string;
  metadata: {
    actor: Actor & { member?: { id: number; name: string; email: string; role: string } };
    institutionId?: number | null;
    ip?: string | null;
    userAgent?: string | null;
    correlationId: string;
    causationId?: string | null;
    occurredAt: string;
  } & Record<string, unknown>;
  payload: unknown;
  withheld: { fields: string[]; reason: string } | null;
  masked: { columns: string[] | 'all'; reason: string } | null;
  hash: string;
  previousHash: string | null;
  audit: { covered: boolean; entry: EventAuditEntry | null };
};

/** Only the filters that are set go into the query string. */
const setOnly = (query: EventQuery) => Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ''));

/** The event browser: pages of the log's events (keyset by position) and one event in full. */
export const eventsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    complianceEvents: build.query<EventPage, EventQuery>({
      query: (query) => ({ url: '/admin/compliance/events', params: setOnly(query) }),
      transformResponse: (answer: Answered<EventPage>) => answer.data,
    }),
    complianceEvent: build.query<EventDetails, number>({
      query: (position) => `/admin/compliance/events/${position}`,
      transformResponse: (answer: Answered<EventDetails>) => answer.data,
    }),
  }),
});

export const { useComplianceEventsQuery, useComplianceEventQuery } = eventsApi;
