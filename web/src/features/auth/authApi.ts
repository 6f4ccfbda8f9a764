import { baseApi, type Envelope } from '../../api/baseApi';

export type LoginAnswer = Envelope<null> & {
  token?: string;
  institutionName?: string;
  /** The logo's URL (a short-lived signed URL an <img> loads without the token); null without a logo. */
  institutionLogo?: string | null;
  logoUrl?: string | null;
  adminName?: string;
};
type Credentials = { email: string; password: string; keepSignedIn?: boolean };

/** Sign-in, registration and the password reset (spec §7, Authentication and profile). */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    institutionLogin: build.mutation<LoginAnswer, Credentials>({
      query: (body) => ({ url: '/institution/login', method: 'POST', body }),
    }),
    adminLogin: build.mutation<LoginAnswer, Credentials>({
      query: (body) => ({ url: '/admin/login', method: 'POST', body }),
    }),
    registerInstitution: build.mutation<Envelope, { name: string; email: string; password: string; confirmPassword: string }>({
      query: (body) => ({ url: '/institution/create', method: 'POST', body }),
    }),
    requestResetCode: build.mutation<Envelope<{ expiresInSeconds?: number }>, { email: string }>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
    }),
    verifyResetCode: build.mutation<Envelope<{ verified: boolean }>, { email: string; code: string }>({
      query: (body) => ({ url: '/auth/verify-reset-code', method: 'POST', body }),
    }),
    setNewPassword: build.mutation<Envelope, { email: string; code: string; newPassword: string; confirmPassword: string }>({
      query: (body) => ({ url: '/auth/set-new-password', method: 'POST', body }),
    }),
  }),
});

export const {
  useInstitutionLoginMutation,
  useAdminLoginMutation,
  useRegisterInstitutionMutation,
  useRequestResetCodeMutation,
  useVerifyResetCodeMutation,
  useSetNewPasswordMutation,
} = authApi;
