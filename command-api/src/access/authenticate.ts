import type { Middleware } from 'koa';
import { assertRoleMayCall, UnauthorizedError, type AuthenticatedUser, type EventStore } from '@credit/events';
import { assertSessionCurrent, assertUsable, loadAccount, loadMemberAccount } from './account';
import { sessionOf } from './signedOutSessions';
import { verifySessionToken } from './tokens';

/**
 * Puts the caller on `ctx.state.user` when a Bearer token is sent, and refuses what the caller's role may not do (an auditor's
 * writes, a team member's commands: `assertRoleMayCall`) before any route runs. The account is re-read from its
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
      // A team member's token names its institution (`id`) and the member (`member_id`): the member is folded too.
      const account = assertUsable(
        claims.member_id === undefined
          ? await loadAccount(deps.store, claims.role, claims.id)
          : await loadMemberAccount(deps.store, claims.member_id),
      );
      if (account.id !== claims.id) throw new UnauthorizedError('Invalid token');
      const session = sessionOf(token);
      assertSessionCurrent(account, issuedAtMs, session);
      const user: AuthenticatedUser = {
        kind: account.kind,
        id: account.id,
        name: account.name,
        email: account.email,
        isAdmin: account.kind === 'admin',
        adminRole: account.adminRole,
        institutionId: account.kind === 'institution' ? account.id : null,
        ...(account.member ? { member: account.member } : {}),
      };
      ctx.state.user = user;
      ctx.state.session = { session, expiresAt: claims.exp };
      // The roles' one rule (auditors, analysts, uploaders), here so that no route (one added later included) is left out of it.
      assertRoleMayCall(user, ctx.method, ctx.path.replace(/^\/api(?=\/)/, ''));
    }
    await next();
  };
}
