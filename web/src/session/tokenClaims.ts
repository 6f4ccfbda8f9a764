import type { AdminRole, TeamRole } from '../shared/types';

/** The claims our session tokens carry (spec §3). */
export type SessionClaims = {
  id: number;
  name: string;
  email: string;
  role: 'admin' | 'institution';
  is_admin: boolean;
  is_active: boolean;
  /** An admin token's role (for the web app only: the server reads it from the account on every request). */
  admin_role?: AdminRole;
  /** A team member's token (issue 23): the member acting for the institution, by id, role and name. */
  member_id?: number;
  member_role?: TeamRole;
  member_name?: string;
  iat: number;
  exp: number;
};

const decodeBase64Url = (text: string): string => {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
};

/** The token's claims, or null when it cannot be read as one of our session tokens. */
export function decodeToken(token: string): SessionClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const claims = JSON.parse(decodeBase64Url(parts[1])) as Partial<SessionClaims>;
    if (typeof claims !== 'object' || claims === null) return null;
    if (typeof claims.id !== 'number' || typeof claims.exp !== 'number') return null;
    if (claims.role !== 'admin' && claims.role !== 'institution') return null;
    return claims as SessionClaims;
  } catch {
    return null;
  }
}

/** Expiry is in seconds; an undecodable token counts as expired (spec §5, Token). */
export function isTokenExpired(token: string, nowMs: number = Date.now()): boolean {
  const claims = decodeToken(token);
  return claims === null || claims.exp * 1000 <= nowMs;
}

export const isAdminClaims = (claims: SessionClaims): boolean => claims.role === 'admin' || claims.is_admin === true;
