import type { Middleware } from 'koa';
import { UnauthorizedError, type AuthenticatedUser, type EventStore } from '@credit/events';
import { assertSessionCurrent, assertUsable, loadAccount } from './account';
import { sessionOf } from './signedOutSessions';
import { verifySessionToken } from './tokens';

/**
 * Puts the caller on `ctx.state.user` when a Bearer token is sent. The account is re-read from its
 * stream on every request, so a deactivated institution's tokens, a signed-out token, and tokens issued
 * before a password change stop working at once. A session is named by its token's hash (`ctx.state.session`).
 */
export function authenticate(deps: { store: EventStore; secret: () => string }): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('authorization');
    if (header !== '') {
      const [scheme, token] = header.split(' ');
      if (scheme?.toLowerCase() !== 'bearer' || !token) throw new UnauthorizedError('Invalid token');
      const { claims, issuedAtMs } = verifySessionToken(deps.secret(), token);
      const account = assertUsable(await loadAccount(deps.store, claims.role, claims.id));
      const session = sessionOf(token);
      assertSessionCurrent(account, issuedAtMs, session);
      const user: AuthenticatedUser = {
        kind: account.kind,
        id: account.id,
        name: account.name,
        email: account.email,
        isAdmin: account.kind === 'admin',
        institutionId: account.kind === 'institution' ? account.id : null,
      };
      ctx.state.user = user;
      ctx.state.session = { session, expiresAt: claims.exp };
    }
    await next();
  };
}
