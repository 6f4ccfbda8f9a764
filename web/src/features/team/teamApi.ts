import { baseApi, type Answered, type Envelope } from '../../api/baseApi';
import type { TeamRole } from '../../shared/types';

export type MemberRole = Exclude<TeamRole, 'owner'>;
export type MemberStatus = 'invited' | 'active' | 'suspended' | 'removed';

/** A member as `GET /institution/members` lists it (cancelled invitations are left out by the server). */
export type TeamMember = {
  id: number;
  email: string;
  name: string;
  role: MemberRole;
  status: MemberStatus;
  invitedAt: string;
  invitationExpiresAt: string | null;
  joinedAt: string | null;
};

/** Where an issued database role connects. */
export type Connection = { host: string; port: number; database: string; sslmode: string };

/** An issued database access as listed: never its password. */
export type DatabaseAccess = { role: string; memberId: number | null; label: string; issuedAt: string; revokedAt: string | null };

/** The answer to issuing an access: the only time the password is shown. */
export type IssuedAccess = { role: string; password: string; memberId: number | null } & Connection;

export type Invitation = { name: string; email: string; role: MemberRole; language: string };

const teamTagged = baseApi.enhanceEndpoints({ addTagTypes: ['Team', 'DatabaseAccess'] });
const TEAM = [{ type: 'Team' as const, id: 'LIST' }];
const ACCESS = [{ type: 'DatabaseAccess' as const, id: 'LIST' }];
// A failed command changed nothing: nothing to refetch.
const onSuccess =
  <T>(tags: T) =>
  (_result: unknown, error: unknown) =>
    error ? [] : tags;

/** The institution's team (the owner's alone) and its members' database access. */
export const teamApi = teamTagged.injectEndpoints({
  endpoints: (build) => ({
    teamMembers: build.query<TeamMember[], void>({
      query: () => '/institution/members',
      transformResponse: (answer: Answered<TeamMember[]>) => answer.data,
      providesTags: TEAM,
    }),
    databaseAccesses: build.query<{ accesses: DatabaseAccess[]; connection: Connection | null }, void>({
      query: () => '/institution/database-access',
      transformResponse: (answer: Answered<{ accesses: DatabaseAccess[]; connection: Connection | null }>) => answer.data,
      providesTags: ACCESS,
    }),
    inviteMember: build.mutation<Envelope, Invitation>({
      query: (body) => ({ url: '/institution/members', method: 'POST', body }),
      invalidatesTags: onSuccess(TEAM),
    }),
    resendInvitation: build.mutation<Envelope, number>({
      query: (id) => ({ url: `/institution/members/${id}/invite`, method: 'POST', body: {} }),
      invalidatesTags: onSuccess(TEAM),
    }),
    changeMemberRole: build.mutation<Envelope, { id: number; role: MemberRole }>({
      query: ({ id, role }) => ({ url: `/institution/members/${id}`, method: 'PUT', body: { role } }),
      invalidatesTags: onSuccess(TEAM),
    }),
    suspendMember: build.mutation<Envelope, number>({
      query: (id) => ({ url: `/institution/members/${id}/suspend`, method: 'POST', body: {} }),
      invalidatesTags: onSuccess(TEAM),
    }),
    reactivateMember: build.mutation<Envelope, number>({
      query: (id) => ({ url: `/institution/members/${id}/reactivate`, method: 'POST', body: {} }),
      invalidatesTags: onSuccess(TEAM),
    }),
    removeMember: build.mutation<Envelope, number>({
      query: (id) => ({ url: `/institution/members/${id}`, method: 'DELETE' }),
      invalidatesTags: onSuccess([...TEAM, ...ACCESS]),
    }),
    issueDatabaseAccess: build.mutation<Envelope<IssuedAccess>, { memberId: number; label: string }>({
      query: (body) => ({ url: '/institution/database-access', method: 'POST', body }),
      invalidatesTags: onSuccess(ACCESS),
    }),
    revokeDatabaseAccess: build.mutation<Envelope, string>({
      query: (role) => ({ url: `/institution/database-access/${encodeURIComponent(role)}`, method: 'DELETE' }),
      invalidatesTags: onSuccess(ACCESS),
    }),
  }),
});

export const {
  useTeamMembersQuery,
  useDatabaseAccessesQuery,
  useInviteMemberMutation,
  useResendInvitationMutation,
  useChangeMemberRoleMutation,
  useSuspendMemberMutation,
  useReactivateMemberMutation,
  useRemoveMemberMutation,
  useIssueDatabaseAccessMutation,
  useRevokeDatabaseAccessMutation,
} = teamApi;
