import { baseApi, type Answered } from '../../api/baseApi';

/** What `GET /support/contact` answers anyone: the platform's name and the contact administrators saved (null until then). */
export type SupportContact = { systemName: string; email: string | null };

export const supportApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    supportContact: build.query<SupportContact, void>({
      query: () => '/support/contact',
      transformResponse: (answer: Answered<SupportContact>) => answer.data,
      // Saving System Settings invalidates it, so an administrator sees the new contact at once.
      providesTags: ['Settings'],
    }),
  }),
});

export const { useSupportContactQuery } = supportApi;
