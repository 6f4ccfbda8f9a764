import { baseApi, type Envelope } from '../../api/baseApi';

type Acceptance = { token: string; password: string; confirmPassword: string };

/** Accepting a team invitation with the mailed token and a new password (public). */
export const invitationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    acceptInvitation: build.mutation<Envelope<{ email: string; name: string; role: string }>, Acceptance>({
      query: (body) => ({ url: '/members/accept', method: 'POST', body }),
    }),
  }),
});

export const { useAcceptInvitationMutation } = invitationApi;
