import { baseApi, type Answered } from '../../../api/baseApi';

/** A member of an institution's team as administrators see it. */
export type InstitutionMember = {
  id: number;
  name: string;
  email: string;
  role: 'analyst' | 'uploader';
  status: 'invited' | 'active' | 'suspended' | 'removed';
  joinedAt: string | null;
};

/** An institution's team, read by administrators (`GET /admin/institutions/:id/members`). */
export const institutionMembersApi = baseApi.enhanceEndpoints({ addTagTypes: ['Team'] }).injectEndpoints({
  endpoints: (build) => ({
    institutionMembers: build.query<InstitutionMember[], number>({
      query: (id) => `/admin/institutions/${id}/members`,
      transformResponse: (answer: Answered<InstitutionMember[]>) => answer.data,
      providesTags: [{ type: 'Team', id: 'LIST' }],
    }),
  }),
});

export const { useInstitutionMembersQuery } = institutionMembersApi;
