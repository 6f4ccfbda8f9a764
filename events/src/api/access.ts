import { ForbiddenError, NotFoundError, UnauthorizedError } from '../errors';
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
