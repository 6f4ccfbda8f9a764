import type { AdminRole } from '../domain/identityEvents';
import type { MemberRole } from '../domain/teamEvents';

/** Who is asking, as the authentication middleware puts it on `ctx.state.user`. */
export type UserKind = 'admin' | 'institution';

export type AuthenticatedUser = {
  kind: UserKind;
  id: number;
  name: string;
  email: string;
  /** A platform account (administrator or auditor): reads every institution's data. */
  isAdmin: boolean;
  /** A platform account's role as its stream says it is now (re-read on every request); null for an institution. */
  adminRole: AdminRole | null;
  /** The institution's own id for an institution user; null for an admin. */
  institutionId: number | null;
  /**
   * A member of the institution's team signed in (its own email and password); absent for the
   * institution's own account (its owner) and for platform accounts. `id`, `name` and `email` above
   * stay the institution's, so every read is scoped to the institution as before.
   */
  member?: SignedInMember;
};

export type SignedInMember = { id: number; name: string; email: string; role: MemberRole };

/** The claims of a session token, exactly as the spec lists them, plus `admin_role` on a platform account's token. */
export type SessionClaims = {
  id: number;
  name: string;
  email: string;
  role: UserKind;
  is_admin: boolean;
  is_active: boolean;
  iat: number;
  exp: number;
  /**
   * The platform account's role when the token was issued, for the web app to show or hide its write
   * buttons. The server never reads it: the role is folded from the account on every request, and a
   * role change ends the account's sessions.
   */
  admin_role?: AdminRole;
  /** A team member's session: the member, its role and name (the web app shows or hides controls by it; the server folds the member again on every request). */
  member_id?: number;
  member_role?: MemberRole;
  member_name?: string;
};
