/** Who is asking, as the authentication middleware puts it on `ctx.state.user`. */
export type UserKind = 'admin' | 'institution';

export type AuthenticatedUser = {
  kind: UserKind;
  id: number;
  name: string;
  email: string;
  isAdmin: boolean;
  /** The institution's own id for an institution user; null for an admin. */
  institutionId: number | null;
};

/** The claims of a session token, exactly as the spec lists them. */
export type SessionClaims = {
  id: number;
  name: string;
  email: string;
  role: UserKind;
  is_admin: boolean;
  is_active: boolean;
  iat: number;
  exp: number;
};
