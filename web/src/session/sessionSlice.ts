import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AdminRole, TeamRole } from '../shared/types';
import type { SessionClaims } from './tokenClaims';

/** The signed-in user (spec §3): the token's claims plus what the login and profile calls add. */
export type SignedInUser = {
  id: number;
  name: string;
  email: string;
  role: 'admin' | 'institution';
  /** An admin's role (null for an institution); an auditor's screens offer no write. */
  adminRole: AdminRole | null;
  /** Who signed in for an institution: its owner, or a team member by role and name (null for an admin). */
  teamRole: TeamRole | null;
  memberName: string | null;
  is_admin: boolean;
  is_active: boolean;
  permissions: string[];
  institutionId: number | null;
  institutionName: string | null;
  institutionLogo: string | null;
  profilePhoto: string | null;
};

export type SessionEndReason = 'logout' | 'adminLogout' | 'expired' | 'unauthorized' | 'deactivated' | 'inactivity' | 'invalid';

export type SessionState = {
  status: 'checking' | 'signedOut' | 'signedIn';
  token: string | null;
  user: SignedInUser | null;
  isAuthenticated: boolean;
  endReason: SessionEndReason | null;
  /** The log position of the user's last command, sent back as X-Min-Position. */
  lastPosition: number | null;
};

const initialState: SessionState = {
  status: 'checking',
  token: null,
  user: null,
  isAuthenticated: false,
  endReason: null,
  lastPosition: null,
};

export function userFromClaims(claims: SessionClaims, extra: Partial<SignedInUser> = {}): SignedInUser {
  const admin = claims.role === 'admin';
  return {
    id: claims.id,
    name: claims.name,
    email: claims.email,
    role: claims.role,
    // Tokens from before roles existed carry none: the only role there was.
    adminRole: admin ? (claims.admin_role ?? 'administrator') : null,
    teamRole: admin ? null : (claims.member_role ?? 'owner'),
    memberName: admin ? null : (claims.member_name ?? null),
    is_admin: admin,
    is_active: claims.is_active,
    permissions: admin ? ['all'] : ['manage_institution'],
    institutionId: admin ? null : claims.id,
    institutionName: admin ? null : claims.name,
    institutionLogo: null,
    profilePhoto: null,
    ...extra,
  };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    /** A stored token passed the start-up checks: requests carry it while the server validates it. */
    tokenRestored(state, action: PayloadAction<string>) {
      state.status = 'checking';
      state.token = action.payload;
    },
    signedIn(state, action: PayloadAction<{ token: string; user: SignedInUser }>) {
      state.status = 'signedIn';
      state.token = action.payload.token;
      state.user = action.payload.user;
      state.isAuthenticated = true;
      state.endReason = null;
    },
    profileLoaded(state, action: PayloadAction<Partial<SignedInUser>>) {
      if (state.user) state.user = { ...state.user, ...action.payload };
    },
    sessionEnded(state, action: PayloadAction<SessionEndReason | null>) {
      state.status = 'signedOut';
      state.token = null;
      state.user = null;
      state.isAuthenticated = false;
      state.endReason = action.payload;
      state.lastPosition = null;
    },
    positionSeen(state, action: PayloadAction<number>) {
      if (state.lastPosition === null || action.payload > state.lastPosition) state.lastPosition = action.payload;
    },
  },
});

export const { tokenRestored, signedIn, profileLoaded, sessionEnded, positionSeen } = sessionSlice.actions;
