import type { AdminRole } from '../shared/types';
import { baseApi, type Envelope } from './baseApi';

type AdminRow = { id: number; name: string; email: string; is_active: boolean; role?: AdminRole; profilePhoto?: string | null };
/** `logoUrl`: the logo's short-lived signed URL (an <img> loads it without the token), null without a logo. */
type InstitutionProfile = { id: number; name: string; email: string; is_active: boolean; logoUrl: string | null };

/** The calls the session itself makes: the start-up validation and the sign-out record. */
export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    adminList: build.query<Envelope<AdminRow[]>, void>({ query: () => '/admin/getAllAdmins', providesTags: ['Admin'] }),
    institutionProfile: build.query<Envelope<InstitutionProfile>, void>({
      query: () => '/institution/profile/me',
      providesTags: ['Session'],
    }),
    logout: build.mutation<Envelope<null>, void>({ query: () => ({ url: '/auth/logout', method: 'POST' }) }),
  }),
});
