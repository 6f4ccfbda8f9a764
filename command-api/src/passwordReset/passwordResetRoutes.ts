import type Router from '@koa/router';
import type { Context } from 'koa';
import { memberStream, ok, ValidationError, type AppendResult, type UserKind } from '@credit/events';
import type { CommandDeps } from '../commandDeps';
import { handleCommand } from '../commandHandling';
import type { Account } from '../access/account';
import { AttemptLimits, type AttemptLimit } from '../access/attemptLimits';
import { SignInThrottle } from '../access/signInThrottle';
import { hashPassword } from '../access/passwords';
import { normaliseEmail } from '../accounts/emailReservations';
import { adminStream } from '../admins/admin';
import { adminDecider } from '../admins/decideAdmin';
import { institutionDecider } from '../institutions/decideInstitution';
import { institutionStream } from '../institutions/institution';
import { memberDecider } from '../team/decideMember';
import { answer, metadataOfAccount } from '../http/answer';
import { asBody, emailRule, field, matches, optionalText, required, validate, type Body } from '../http/input';
import { enqueueMail } from '../mail/mailOutbox';
import { rejectionOf } from './decidePasswordReset';
import { DecoyResets } from './decoyResets';
import { confirmationRules, newPasswordRules } from './newPasswordRules';
import { accountBeingReset, accountsFor } from './resetAccounts';
import { hashResetCode, newResetCode, resetCodeKey } from './resetCodes';
import { resetMail } from './resetMail';
import { decideOnResetStream, passwordResetSince } from './resetStream';

export const DEFAULT_RESET_CODE_TTL_SECONDS = 300;
export const DEFAULT_RESET_REQUESTS_PER_IP = 30;
const RESET_REQUESTED = 'If an account exists for this email, a 6-digit reset code has been sent to it.';
// Known and unknown emails take different paths; answering no sooner than this hides the difference.
const ANSWER_FLOOR_MS = 200;

export function passwordResetRoutes(router: Router, deps: CommandDeps): void {
  const ttlSeconds = deps.resetCodeTtlSeconds ?? DEFAULT_RESET_CODE_TTL_SECONDS;
  const hashKey = () => resetCodeKey(deps.secret());
  const decoys = new DecoyResets(deps.knex);
  const tooMany = (minutes: number) =>
    `Too many password reset requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  const requests: AttemptLimit = { name: 'reset-email', max: 5, windowMs: 15 * 60_000, message: tooMany };
  // Each request may write to the log and send a mail: one network may only ask so often, whatever the emails.
  const requestsByIp: AttemptLimit = {
    name: 'reset-ip',
    max: deps.requestLimits?.resetRequestsPer15Min ?? DEFAULT_RESET_REQUESTS_PER_IP,
    windowMs: 15 * 60_000,
    message: tooMany,
  };
  const limits = new AttemptLimits(deps.knex);

  router.post('/auth/reset-password', async (ctx) => {
    const body = asBody(ctx.request.body);
    const email = readEmail(body);
    const kind = readUserKind(body);
    await limits.count([
      [requests, normaliseEmail(email)],
      [requestsByIp, `ip:${ctx.ip}`],
    ]);
    await noSoonerThan(ANSWER_FLOOR_MS, async () => {
      const expiresAt = new Date(Date.now() + ttlSeconds * 1000).toISOString();
      const [account] = await accountsFor(deps, email, kind);
      if (!account) return decoys.request(normaliseEmail(email), expiresAt);
      const code = newResetCode();
      const codeHash = hashResetCode(hashKey(), code);
      const { events } = await decideOnResetStream(
        deps.store,
        account,
        () => ({ type: 'RequestPasswordReset', kind: account.kind, userId: account.id, codeHash, expiresAt }),
        metadataOfAccount(ctx, account),
      );
      await enqueueMail(
        deps.knex,
        resetMail(events[0].id, { email: account.email, name: account.member?.name ?? account.name }, code, ttlSeconds),
      );
    });
    // No log position either: it would tell a registered email from an unknown one.
    ctx.body = ok(RESET_REQUESTED, { expiresInSeconds: ttlSeconds });
  });

  /** Checks the code on the account's reset stream (or a decoy's); throws unless it is right. */
  const checkCode = async (ctx: Context, body: Body): Promise<{ account: Account; result: AppendResult }> => {
    const email = readEmail(body);
    const kind = readUserKind(body);
    const code = optionalText(body, 'code', 'resetCode', 'reset_code', 'otp')?.trim() ?? '';
    validate([['code', code, [required('Reset code is required'), matches(/^\d{6}$/, 'The reset code must be 6 digits')]]]);
    const accounts = await accountsFor(deps, email, kind);
    const now = new Date().toISOString();
    if (accounts.length === 0) await decoys.check(normaliseEmail(email), code, hashKey(), now);
    const account = await accountBeingReset(deps.store, accounts);
    const { before, events, result } = await decideOnResetStream(
      deps.store,
      account,
      async (state) => ({
        type: 'CheckResetCode',
        code,
        hashKey: hashKey(),
        now,
        usedSinceRequest: state.status !== 'none' && (await passwordResetSince(deps.store, account, state.requestedAt)),
      }),
      metadataOfAccount(ctx, account),
    );
    if (events[0].type === 'PasswordResetCodeRejected') throw rejectionOf(before);
    return { account, result };
  };

  for (const path of ['/auth/verify-reset-code', '/auth/reset-password/verify']) {
    router.post(path, async (ctx) => {
      const { result } = await noSoonerThan(ANSWER_FLOOR_MS, () => checkCode(ctx, asBody(ctx.request.body)));
      answer(ctx, 'Reset code verified. You can now choose a new password.', { verified: true }, result);
    });
  }

  for (const path of ['/auth/set-new-password', '/auth/reset-password/confirm']) {
    router.post(path, async (ctx) => {
      const body = asBody(ctx.request.body);
      const password = optionalText(body, 'newPassword', 'new_password', 'password') ?? '';
      const confirm = optionalText(body, 'confirmPassword', 'confirm_password', 'confirmNewPassword', 'passwordConfirmation') ?? '';
      readEmail(body);
      validate([
        ['newPassword', password, newPasswordRules],
        ['confirmPassword', confirm, confirmationRules(password)],
      ]);
      const result = await noSoonerThan(ANSWER_FLOOR_MS, async () => {
        // Hashed before the code is checked, so a known and an unknown email cost the same.
        const passwordHash = await hashPassword(password);
        const { account } = await checkCode(ctx, body);
        const metadata = metadataOfAccount(ctx, account);
        const outcome = account.member
          ? await handleCommand(
              deps.store,
              memberStream(account.member.id),
              memberDecider,
              { type: 'ChangeMemberPassword', passwordHash, via: 'reset' },
              metadata,
            )
          : account.kind === 'admin'
            ? await handleCommand(
                deps.store,
                adminStream(account.id),
                adminDecider,
                { type: 'ChangeAdminPassword', passwordHash, via: 'reset' },
                metadata,
              )
            : await handleCommand(
                deps.store,
                institutionStream(account.id),
                institutionDecider,
                { type: 'ChangeInstitutionPassword', passwordHash, via: 'reset' },
                metadata,
              );
        await new SignInThrottle(deps.knex, deps.signInLimits).forgetFailures(account.kind, normaliseEmail(account.email));
        return outcome.result;
      });
      answer(ctx, 'Password reset successfully. You can now sign in with your new password.', null, result);
    });
  }
}

function readEmail(body: Body): string {
  const email = optionalText(body, 'email')?.trim() ?? '';
  validate([['email', email, [required('Email is required'), emailRule('Please enter a valid email address')]]]);
  return email;
}

function readUserKind(body: Body): UserKind | undefined {
  const kind = field(body, 'userType', 'user_type', 'kind', 'role');
  if (kind === undefined || kind === null || kind === '') return undefined;
  if (kind === 'admin' || kind === 'institution') return kind;
  throw new ValidationError("userType must be 'admin' or 'institution'");
}

/** The reset caller is not signed in: the account being reset is the actor. */

async function noSoonerThan<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    const left = ms - (Date.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}
