import type Router from '@koa/router';
import type { Context } from 'koa';
import { assertSignedIn, logoUrl, memberStream, newEventId, UnauthorizedError, type UserKind } from '@credit/events';
import type { CommandDeps } from '../commandDeps';
import { eventMetadata } from '../eventMetadata';
import { normaliseEmail } from '../accounts/emailReservations';
import { answer, metadataFor, metadataOfAccount } from '../http/answer';
import { asBody, emailRule, field, optionalText, required, validate } from '../http/input';
import { accountStream, assertUsable, loadAccount, loadMemberAccount, type Account } from './account';
import { burnPasswordCheck, verifyPassword } from './passwords';
import type { SignedOutSession } from './signedOutSessions';
import { SignInThrottle } from './signInThrottle';
import { signSessionToken } from './tokens';

const WRONG_CREDENTIALS = 'Invalid email or password';

export function accessRoutes(router: Router, deps: CommandDeps): void {
  router.post('/admin/login', (ctx) => signIn(ctx, deps, 'admin'));
  router.post('/institution/login', (ctx) => signIn(ctx, deps, 'institution'));
  for (const path of ['/auth/logout', '/admin/logout', '/institution/logout']) {
    router.post(path, async (ctx) => {
      const user = assertSignedIn(ctx.state.user);
      const { session, expiresAt } = ctx.state.session as SignedOutSession;
      // On the account's own stream, so the next request with this token sees it and is refused.
      if (user.member) {
        const data = { memberId: user.member.id, institutionId: user.id, session, sessionExpiresAt: expiresAt };
        const ended = await deps.store.append(memberStream(user.member.id), [
          { id: newEventId(), type: 'MemberSignedOut', data, metadata: metadataFor(ctx, user) },
        ]);
        return answer(ctx, 'Logged out successfully', null, ended);
      }
      const result = await deps.store.append(accountStream(user.kind, user.id), [
        {
          id: newEventId(),
          type: 'UserSignedOut',
          data: { kind: user.kind, userId: user.id, session, sessionExpiresAt: expiresAt },
          metadata: metadataFor(ctx, user),
        },
      ]);
      answer(ctx, 'Logged out successfully', null, result);
    });
  }
}

async function signIn(ctx: Context, deps: CommandDeps, kind: UserKind): Promise<void> {
  const body = asBody(ctx.request.body);
  const email = optionalText(body, 'email')?.trim() ?? '';
  const password = optionalText(body, 'password') ?? '';
  validate([
    ['email', email, [required('Email is required'), emailRule('Please enter a valid email address')]],
    ['password', password, [required('Password is required')]],
  ]);
  const keepSignedIn = field(body, 'keepSignedIn', 'rememberMe', 'keep_signed_in') === true;
  const ip = ctx.ip;
  const throttle = new SignInThrottle(deps.knex, deps.signInLimits);
  // Counted first (parallel guesses see each other, in every process); a throttled caller gets its
  // 429 without a single write to the log.
  const signIn = await throttle.begin(kind, normaliseEmail(email), ip);
  // Slower and slower as this address keeps failing for this account; an address that has not failed waits for nothing.
  if (signIn.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, signIn.delayMs));

  const fail = async (reason: 'unknown_email' | 'wrong_password', account?: Account): Promise<never> => {
    const actor = { id: 'anonymous', role: kind, name: normaliseEmail(email) } as const;
    const metadata = eventMetadata(ctx.state.meta, actor);
    const outcome = await throttle.failed(signIn, account !== undefined);
    await deps.store.append('access-failures', [
      { id: newEventId(), type: 'SignInFailed', data: { kind, email: normaliseEmail(email), reason }, metadata },
      ...outcome.throttled.map((throttled) => ({
        id: newEventId(),
        type: 'SignInThrottled',
        data: { kind, email: normaliseEmail(email), ...throttled },
        metadata,
      })),
      ...(account && outcome.alert
        ? [
            {
              id: newEventId(),
              type: 'AccountUnderAttack',
              data: { kind, userId: account.id, name: account.member?.name ?? account.name, email: account.email, ...outcome.alert },
              // Named for the institution, so it sees the attack in its own audit log.
              metadata: { ...metadata, institutionId: kind === 'institution' ? account.id : null },
            },
          ]
        : []),
    ]);
    throw new UnauthorizedError(WRONG_CREDENTIALS);
  };

  const userId = await deps.reservations.owner(kind, email);
  // Not an institution's own email: a member of an institution's team signs in on the same page.
  const memberId = userId === null && kind === 'institution' ? await deps.reservations.owner('member', email) : null;
  if (userId === null && memberId === null) {
    await burnPasswordCheck(password);
    return fail('unknown_email');
  }
  const account = memberId !== null ? await loadMemberAccount(deps.store, memberId) : await loadAccount(deps.store, kind, Number(userId));
  // A closed account keeps its email reserved but no longer exists for signing in.
  if (!account || account.status === 'closed') {
    await burnPasswordCheck(password);
    return fail('unknown_email');
  }
  if (!(await verifyPassword(account.passwordHash, password))) return fail('wrong_password', account);
  try {
    assertUsable(account);
  } catch (error) {
    // The right password is not a guess: it does not count against the account or the address.
    await throttle.notAGuess(signIn);
    await deps.store.append('access-failures', [
      {
        id: newEventId(),
        type: 'SignInFailed',
        data: { kind, email: account.email, reason: 'inactive' },
        metadata: metadataOfAccount(ctx, account),
      },
    ]);
    throw error;
  }
  await throttle.succeeded(signIn, ip);

  const token = signSessionToken(
    deps.secret(),
    {
      id: account.id,
      name: account.name,
      email: account.email,
      kind,
      isActive: true,
      adminRole: account.adminRole,
      member: account.member,
    },
    keepSignedIn,
  );
  const result = await deps.store.append(`access-${kind}-${account.id}`, [
    {
      id: newEventId(),
      type: 'UserSignedIn',
      data: { kind, userId: account.id, email: account.email },
      metadata: metadataOfAccount(ctx, account),
    },
  ]);
  answer(ctx, 'Login successful', null, result);
  ctx.body = {
    ...(ctx.body as object),
    token,
    // The logo by its URL, never the image (up to 500 KB in every sign-in); `institutionLogo` is the spec's field.
    ...(kind === 'institution'
      ? {
          institutionName: account.name,
          institutionLogo: logoUrl(deps.secret(), account.id, account.logo),
          logoUrl: logoUrl(deps.secret(), account.id, account.logo),
          // Who signed in: the owner (the institution's own account) or a member of its team, by name and role.
          teamRole: account.member?.role ?? 'owner',
          ...(account.member ? { memberId: account.member.id, memberName: account.member.name } : {}),
        }
      : { adminName: account.name, adminRole: account.adminRole }),
  };
}
