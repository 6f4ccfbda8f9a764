import { ForbiddenError, NotFoundError, UnauthorizedError } from '../errors';
import type { MemberRole, TeamRole } from '../domain/teamEvents';
import type { AuthenticatedUser } from './user';

/** Route guards shared by both APIs; they throw typed errors the one middleware maps. */
export function assertSignedIn(user: AuthenticatedUser | undefined): AuthenticatedUser {
  if (!user) throw new UnauthorizedError('Authentication required');
  return user;
}

export function assertAdmin(user: AuthenticatedUser | undefined): AuthenticatedUser {
  const signedIn = assertSignedIn(user);
  if (!signedIn.isAdmin) throw new ForbiddenError('Administrator access required');
  return signedIn;
}

export const AUDITOR_READ_ONLY = 'Auditors have read-only access';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What an auditor may send with a write method, as paths under /api. Everything else that is not a
 * read is refused, so a command route added later is refused to auditors without a word here.
 */
export const AUDITOR_MAY_SEND: readonly { method: string; path: RegExp; why: string }[] = [
  { method: 'POST', path: /^\/(admin|institution)\/login$/, why: 'signing in' },
  { method: 'POST', path: /^\/(auth|admin|institution)\/logout$/, why: 'signing out' },
  { method: 'POST', path: /^\/auth\//, why: 'the public password reset of its own account' },
  { method: 'PUT', path: /^\/admin\/profile$/, why: 'its own profile and password' },
  // The compliance console is the auditor's own place and changes no business data: verifying records
  // only its outcome, replays never change stored results, extracts and time travel read.
  { method: 'POST', path: /^\/admin\/compliance\//, why: 'the compliance console' },
  // Reads the spec sends by POST: they load or compute, and write nothing.
  { method: 'POST', path: /^\/institution\/update\/[^/]+$/, why: 'loading an institution' },
  { method: 'POST', path: /^\/institution\/getParametersForInstitution\/[^/]+$/, why: "reading an institution's parameters" },
  { method: 'POST', path: /^\/variable\/(validate-normalization-formula|test-variable-normalization)$/, why: 'checking a formula' },
];

/**
 * The roles' one rule, applied to every request as it is authenticated (before any route). An
 * auditor's reads pass, its writes are refused with 403 unless `AUDITOR_MAY_SEND` names them; a team
 * member's likewise by `MEMBERS_MAY_SEND` and its role, and the team's routes are the owner's alone.
 * `path` is under /api.
 */
export function assertRoleMayCall(user: AuthenticatedUser | undefined, method: string, path: string): void {
  if (user?.member) return assertMemberMayCall(user.member.role, method.toUpperCase(), path);
  if (user?.adminRole !== 'auditor' || READ_METHODS.has(method.toUpperCase())) return;
  const allowed = AUDITOR_MAY_SEND.some((entry) => entry.method === method.toUpperCase() && entry.path.test(path));
  if (!allowed) throw new ForbiddenError(AUDITOR_READ_ONLY);
}

export const ANALYST_READ_ONLY = 'Analysts have read-only access';
export const UPLOADER_UPLOADS_ONLY = 'Uploaders may upload batches and read, nothing else';
export const OWNER_ONLY_TEAM = "Only the institution's owner manages its team";

/** The institution side's role of a signed-in user: its owner (the institution's own account) or a member's role; null for a platform account. */
export function teamRoleOf(user: AuthenticatedUser | undefined): TeamRole | null {
  if (!user || user.kind !== 'institution') return null;
  return user.member?.role ?? 'owner';
}

/** The team's routes (the owner's alone, reads included). */
const TEAM_PATH = /^\/institution\/members(\/|$)/;

/**
 * What a team member may send with a write method, by role, as paths under /api. Everything else that
 * is not a read is refused, so a command route added later is refused to analysts and uploaders
 * without a word here.
 */
export const MEMBERS_MAY_SEND: readonly { method: string; path: RegExp; roles: readonly MemberRole[]; why: string }[] = [
  { method: 'POST', path: /^\/institution\/login$/, roles: ['analyst', 'uploader'], why: 'signing in' },
  { method: 'POST', path: /^\/(auth|institution)\/logout$/, roles: ['analyst', 'uploader'], why: 'signing out' },
  { method: 'POST', path: /^\/auth\//, roles: ['analyst', 'uploader'], why: 'the public password reset of its own account' },
  { method: 'POST', path: /^\/members\/accept$/, roles: ['analyst', 'uploader'], why: 'accepting an invitation (public)' },
  // Reads the spec sends by POST: they load, and write nothing.
  { method: 'POST', path: /^\/institution\/update\/[^/]+$/, roles: ['analyst', 'uploader'], why: 'loading its institution' },
  {
    method: 'POST',
    path: /^\/institution\/getParametersForInstitution\/[^/]+$/,
    roles: ['analyst', 'uploader'],
    why: "reading its institution's parameters",
  },
  { method: 'POST', path: /^\/csv\/upload$/, roles: ['uploader'], why: 'uploading a batch' },
];

/** A team member's one rule: the team is the owner's; reads pass; writes only as `MEMBERS_MAY_SEND` names them for the member's role. */
function assertMemberMayCall(role: MemberRole, method: string, path: string): void {
  if (TEAM_PATH.test(path)) throw new ForbiddenError(OWNER_ONLY_TEAM);
  if (READ_METHODS.has(method)) return;
  const allowed = MEMBERS_MAY_SEND.some((entry) => entry.method === method && entry.roles.includes(role) && entry.path.test(path));
  if (!allowed) throw new ForbiddenError(role === 'analyst' ? ANALYST_READ_ONLY : UPLOADER_UPLOADS_ONLY);
}

/** The institution's owner (its own account, not a member of its team): the team's routes are its alone. */
export function assertOwner(user: AuthenticatedUser | undefined): AuthenticatedUser & { institutionId: number } {
  const signedIn = assertSignedIn(user);
  if (teamRoleOf(signedIn) !== 'owner' || signedIn.institutionId === null) throw new ForbiddenError(OWNER_ONLY_TEAM);
  return { ...signedIn, institutionId: signedIn.institutionId };
}

/** Admins reach every institution; an institution only itself. */
export function assertCanAccessInstitution(user: AuthenticatedUser | undefined, institutionId: number): AuthenticatedUser {
  const signedIn = assertSignedIn(user);
  if (signedIn.isAdmin) return signedIn;
  if (signedIn.institutionId !== institutionId) throw new ForbiddenError("You can only access your own institution's data");
  return signedIn;
}

/** Ids live in PostgreSQL integer columns; a larger one cannot exist and would fail the query instead. */
export const MAX_ROW_ID = 2_147_483_647;

/** Parses a numeric id from a route parameter; anything else is a 404, never a 500. */
export function routeId(value: string | undefined, what = 'Record'): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0 || id > MAX_ROW_ID) throw new NotFoundError(`${what} not found`);
  return id;
}
