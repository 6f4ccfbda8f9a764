import jwt from 'jsonwebtoken';
import { UnauthorizedError } from '@credit/events';
import { signSessionToken, verifySessionToken } from './tokens';

const SECRET = 'a-session-secret-of-the-platform';
const subject = {
  id: 7,
  name: 'Banque du Littoral',
  email: 'ops@littoral.test',
  kind: 'institution' as const,
  isActive: true,
  adminRole: null,
};

describe('Session tokens', () => {
  it('should verify its own tokens, and tokens signed with the secret as text (those issued before the key was kept)', () => {
    const now = Date.now();
    const token = signSessionToken(SECRET, subject, false, now);
    expect(verifySessionToken(SECRET, token)).toEqual({ claims: expect.objectContaining({ id: 7, role: 'institution' }), issuedAtMs: now });
    const iat = Math.floor(now / 1000);
    const older = jwt.sign(
      { id: 7, name: 'B', email: 'ops@littoral.test', role: 'institution', is_admin: false, is_active: true, iat, exp: iat + 60 },
      SECRET,
      {
        algorithm: 'HS256',
      },
    );
    expect(verifySessionToken(SECRET, older).claims.id).toBe(7);
  });

  it('should refuse a token signed with another secret, also after the secret changed', () => {
    const token = signSessionToken(SECRET, subject, false);
    expect(() => verifySessionToken('another-secret', token)).toThrow(new UnauthorizedError('Invalid token'));
    expect(() => verifySessionToken(SECRET, signSessionToken('another-secret', subject, false))).toThrow(UnauthorizedError);
    expect(verifySessionToken(SECRET, token).claims.id).toBe(7);
  });
});
