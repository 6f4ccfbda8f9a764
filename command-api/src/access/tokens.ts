import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { UnauthorizedError, type SessionClaims, type UserKind } from '@credit/events';

export type TokenSubject = { id: number; name: string; email: string; kind: UserKind; isActive: boolean };

const STANDARD_LIFETIME_S = 8 * 60 * 60;
const KEEP_SIGNED_IN_LIFETIME_S = 30 * 24 * 60 * 60;

/** Signs a session token carrying exactly the spec's claims: id, name, email, role, is_admin, is_active, iat, exp. */
export function signSessionToken(secret: string, subject: TokenSubject, keepSignedIn: boolean, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const claims: SessionClaims = {
    id: subject.id,
    name: subject.name,
    email: subject.email,
    role: subject.kind,
    is_admin: subject.kind === 'admin',
    is_active: subject.isActive,
    iat,
    exp: iat + (keepSignedIn ? KEEP_SIGNED_IN_LIFETIME_S : STANDARD_LIFETIME_S),
  };
  // The claims are the spec's, so two sign-ins in one second would sign the same payload; a random
  // session id in the header makes every sign-in a token of its own, which a sign-out can end alone.
  const header: jwt.JwtHeader & { sid: string } = { alg: 'HS256', typ: 'JWT', sid: randomBytes(12).toString('base64url') };
  return jwt.sign(claims, secret, { algorithm: 'HS256', header });
}

export function verifySessionToken(secret: string, token: string): SessionClaims {
  try {
    const claims = jwt.verify(token, secret, { algorithms: ['HS256'] }) as SessionClaims;
    if (typeof claims.id !== 'number' || typeof claims.iat !== 'number' || (claims.role !== 'admin' && claims.role !== 'institution'))
      throw new Error('bad claims');
    return claims;
  } catch (error) {
    if (error instanceof jwt.TokenExpiredError) throw new UnauthorizedError('Token expired');
    throw new UnauthorizedError('Invalid token');
  }
}
