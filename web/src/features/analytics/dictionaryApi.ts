import { baseApi, type Answered } from '../../api/baseApi';

export type DictionaryColumn = { name: string; type: string; comment: string | null };
export type DictionaryView = { name: string; comment: string | null; columns: DictionaryColumn[]; example: string | null };
export type Connection = { host: string; port: number; database: string; sslmode: string };
export type OwnAccess = { role: string; label: string; issuedAt: string };

/** `GET /analytics/dictionary`: the analytics schema from PostgreSQL's comments, and where the caller's own access connects. */
export type Dictionary = { schema: string; views: DictionaryView[]; connection: Connection | null; accesses: OwnAccess[] };

export const dictionaryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    analyticsDictionary: build.query<Dictionary, void>({
      query: () => '/analytics/dictionary',
      transformResponse: (answer: Answered<Dictionary>) => answer.data,
    }),
  }),
});

export const { useAnalyticsDictionaryQuery } = dictionaryApi;
