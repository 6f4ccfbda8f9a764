import type Router from '@koa/router';
import type { Context } from 'koa';
import { assertSignedIn, newEventId, UnauthorizedError, type UserKind } from '@credit/events';
import type { CommandDeps } from '../commandDeps';
import { eventMetadata } from '../eventMetadata';
import { normaliseEmail } from '../accounts/emailReservations';
import { answer, metadataFor, metadataOfAccount } from '../http/answer';
import { asBody, emailRule, field, optionalText, required, validate } from '../http/input';
import { accountStream, assertUsable, loadAccount } from './account';
import { AttemptLimits } from './attemptLimits';
import { burnPasswordCheck, verifyPassword } from './passwords';
import type { SignedOutSession } from './signedOutSessions';
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
  const emailKey = `${kind}:${normaliseEmail(email)}`;
  const ipKey = `ip:${ctx.ip}`;

  const { byEmail, byIp } = deps.signInLimits;
  const limits = new AttemptLimits(deps.knex);
  // Counted first (parallel guesses see each other, in every process); a rate-limited caller gets
  // its 429 without a single write to the log.
  const attempt = await limits.count([
    [byEmail, emailKey],
    [byIp, ipKey],
  ]);

  const fail = async (reason: 'unknown_email' | 'wrong_password'): Promise<never> => {
    const actor = { id: 'anonymous', role: kind, name: normaliseEmail(email) } as const;
    await deps.store.append('access-failures', [
      {
        id: newEventId(),
        type: 'SignInFailed',
        data: { kind, email: normaliseEmail(email), reason },
        metadata: eventMetadata(ctx.state.meta, actor),
      },
    ]);
    throw new UnauthorizedError(WRONG_CREDENTIALS);
  };

  const userId = await deps.reservations.owner(kind, email);
  if (userId === null) {
    await burnPasswordCheck(password);
    return fail('unknown_email');
  }
  const account = await loadAccount(deps.store, kind, userId);
  // A closed account keeps its email reserved but no longer exists for signing in.
  if (!account || account.status === 'closed') {
    await burnPasswordCheck(password);
    return fail('unknown_email');
  }
  if (!(await verifyPassword(account.passwordHash, password))) return fail('wrong_password');
  // The right password is not a guess: it does not count against the email or the network.
  await limits.takeBack(attempt);
  try {
    assertUsable(account);
  } catch (error) {
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
  await limits.clear([byEmail, emailKey]);

  const token = signSessionToken(
    deps.secret(),
    { id: account.id, name: account.name, email: account.email, kind, isActive: true },
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
    ...(kind === 'institution' ? { institutionName: account.name, institutionLogo: account.logo } : { adminName: account.name }),
  };
}
