import { baseApi, type Answered } from '../../api/baseApi';

export type DictionaryColumn = { name: string; type: string; comment: string | null };
export type DictionaryView = { name: string; comment: string | null; columns: DictionaryColumn[]; example: string | null };
export type Connection = { host: string; port: number; database: string; sslmode: string };
export type OwnAccess = { role: string; label: string; issuedAt: string };

/** `GET /analytics/dictionary`: the analytics schema from PostgreSQL's comments, and where the caller's own access connects. */
export type Dictionary = { schema: string; views: DictionaryView[]; connection: Connection | null; accesses: OwnAccess[] };

/** An access as `GET /admin/database-access` lists it: never its password. */
export type ListedAccess = { role: string; scope: 'institution' | 'platform'; label: string; issuedAt: string; revokedAt: string | null };
/** The answer to issuing: the only time the password is shown. */
export type IssuedAccess = { role: string; password: string } & Connection;

const tagged = baseApi.enhanceEndpoints({ addTagTypes: ['AnalyticsAccess'] });
const ACCESS = [{ type: 'AnalyticsAccess' as const, id: 'LIST' }];

export const dictionaryApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    analyticsDictionary: build.query<Dictionary, void>({
      query: () => '/analytics/dictionary',
      transformResponse: (answer: Answered<Dictionary>) => answer.data,
      providesTags: ACCESS,
    }),
    platformAccesses: build.query<ListedAccess[], void>({
      query: () => '/admin/database-access',
      transformResponse: (answer: Answered<{ accesses: ListedAccess[] }>) => answer.data.accesses,
      providesTags: ACCESS,
    }),
    issuePlatformAccess: build.mutation<IssuedAccess, { label: string }>({
      query: (body) => ({ url: '/admin/database-access', method: 'POST', body }),
      transformResponse: (answer: Answered<IssuedAccess>) => answer.data,
      invalidatesTags: (_result, error) => (error ? [] : ACCESS),
    }),
    revokePlatformAccess: build.mutation<unknown, string>({
      query: (role) => ({ url: `/admin/database-access/${encodeURIComponent(role)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ACCESS),
    }),
  }),
});

export const { useAnalyticsDictionaryQuery, usePlatformAccessesQuery, useIssuePlatformAccessMutation, useRevokePlatformAccessMutation } =
  dictionaryApi;
