import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { UnauthorizedError, type AdminRole, type SessionClaims, type SignedInMember, type UserKind } from '@credit/events';

export type TokenSubject = {
  id: number;
  name: string;
  email: string;
  kind: UserKind;
  isActive: boolean;
  adminRole: AdminRole | null;
  /** A team member signing in for its institution (the claims above stay the institution's). */
  member?: SignedInMember | null;
};

const STANDARD_LIFETIME_S = 8 * 60 * 60;
const KEEP_SIGNED_IN_LIFETIME_S = 30 * 24 * 60 * 60;

/** Claims stay short whatever the account holds: a long name or email is cut in the token, never in the account. */
const CLAIM_TEXT_LIMIT = 100;
const claimText = (value: string): string => {
  if (value.length <= CLAIM_TEXT_LIMIT) return value;
  const cut = value.slice(0, CLAIM_TEXT_LIMIT);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
};

type SessionHeader = jwt.JwtHeader & { sid: string; ims: number };

let lastKey: { secret: string; key: KeyObject } | null = null;

/**
 * The secret as a key object, made once per secret. Given a string, jsonwebtoken first tries to read
 * it as a public key, which throws, then makes the secret key: about 2 ms of every signed-in request
 * (3 s of the platform's CPU in a 3-minute load, profiled), for the same key each time.
 */
function secretKey(secret: string): KeyObject {
  if (lastKey?.secret !== secret) lastKey = { secret, key: createSecretKey(Buffer.from(secret)) };
  return lastKey.key;
}

/**
 * Signs a session token carrying exactly the spec's claims: id, name, email, role, is_admin,
 * is_active, iat, exp; a platform account's token adds `admin_role` (administrator or auditor) for the
 * web app, which the server never reads back. The header adds a random session id (two sign-ins in one second would
 * otherwise sign the same payload, and a sign-out ends one session alone) and the time of issue in
 * milliseconds (`iat` is in seconds, and a password change ends every session opened before it, to
 * the millisecond). Both are signed with the claims.
 */
export function signSessionToken(secret: string, subject: TokenSubject, keepSignedIn: boolean, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const claims: SessionClaims = {
    id: subject.id,
    name: claimText(subject.name),
    email: subject.email.length <= 254 ? subject.email : claimText(subject.email),
    role: subject.kind,
    is_admin: subject.kind === 'admin',
    is_active: subject.isActive,
    iat,
    exp: iat + (keepSignedIn ? KEEP_SIGNED_IN_LIFETIME_S : STANDARD_LIFETIME_S),
    ...(subject.adminRole ? { admin_role: subject.adminRole } : {}),
    ...(subject.member
      ? { member_id: subject.member.id, member_role: subject.member.role, member_name: claimText(subject.member.name) }
      : {}),
  };
  const header: SessionHeader = { alg: 'HS256', typ: 'JWT', sid: randomBytes(12).toString('base64url'), ims: now };
  return jwt.sign(claims, secretKey(secret), { algorithm: 'HS256', header });
}

export type VerifiedSession = { claims: SessionClaims; issuedAtMs: number };

/** A token signed with our secret, of a known role, with an expiry still ahead; anything else is 401. */
export function verifySessionToken(secret: string, token: string): VerifiedSession {
  try {
    const { header, payload } = jwt.verify(token, secretKey(secret), { algorithms: ['HS256'], complete: true }) as unknown as {
      header: Partial<SessionHeader>;
      payload: SessionClaims;
    };
    const claims = payload;
    if (
      typeof claims.id !== 'number' ||
      typeof claims.iat !== 'number' ||
      typeof claims.exp !== 'number' ||
      (claims.role !== 'admin' && claims.role !== 'institution') ||
      (claims.member_id !== undefined && (typeof claims.member_id !== 'number' || claims.role !== 'institution'))
    )
      throw new Error('bad claims');
    // Tokens signed before the header carried the time in milliseconds count from the start of their second.
    const issuedAtMs = typeof header.ims === 'number' && Math.floor(header.ims / 1000) === claims.iat ? header.ims : claims.iat * 1000;
    return { claims, issuedAtMs };
  } catch (error) {
    if (error instanceof jwt.TokenExpiredError) throw new UnauthorizedError('Token expired');
    throw new UnauthorizedError('Invalid token');
  }
}
