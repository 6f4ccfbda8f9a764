import type { Knex } from 'knex';
import { TooManyRequestsError, type UserKind } from '@credit/events';
import { AttemptLimits, KNOWN_ADDRESS_MS, SIGN_IN_ADDRESSES, type AttemptLimit, type LimitedKey } from './attemptLimits';

/**
 * The sign-in throttle's policy (README, "Sign-in throttling"). Only failures count; a right password
 * takes its attempt back.
 */
export type SignInPolicy = {
  /**
   * Failures of one account from one address: from the `slowAfter`-th on, each next attempt from
   * that pair waits `firstDelayMs`, doubling up to `longestDelayMs`; at `max` the pair is refused
   * (429, even the right password) until its oldest failure leaves the window. Other addresses are
   * not affected.
   */
  byAccountAndAddress: AttemptLimit & { slowAfter: number; firstDelayMs: number; longestDelayMs: number };
  /** Failures from one address over every account: at `max`, refused for the accounts that have not signed in from it (for 30 days). */
  byAddress: AttemptLimit;
  /** Failures of one account from every address: at `alertAfter` within the window, its owner is told by mail, once per window. */
  byAccount: { name: string; alertAfter: number; windowMs: number };
};

/** One sign-in attempt, counted. */
export type CountedSignIn = {
  attempt: string;
  /** How long to wait before checking the password. */
  delayMs: number;
  account: string;
  pair: LimitedKey;
  counts: { pair: number; address: number; account: number };
};

/** What a counted failure crossed: the limits it brought to their maximum, and whether the account's owner is to be told now. */
export type FailureOutcome = {
  throttled: { scope: 'account_and_address' | 'address'; failures: number; minutes: number }[];
  alert: { failures: number; hours: number } | null;
};

const NEVER = Number.MAX_SAFE_INTEGER;
const minutes = (ms: number) => Math.max(1, Math.round(ms / 60_000));

/** The wait before the attempt that follows `failures` failures of one pair. */
export function signInDelayMs(policy: SignInPolicy['byAccountAndAddress'], failures: number): number {
  if (failures < policy.slowAfter || failures >= policy.max) return 0;
  return Math.min(policy.longestDelayMs, policy.firstDelayMs * 2 ** (failures - policy.slowAfter));
}

/**
 * Counts sign-in failures per account and address, per address and per account (in PostgreSQL, so
 * every API process sees the same counts), and remembers the addresses each account signed in from.
 */
export class SignInThrottle {
  private readonly limits: AttemptLimits;

  constructor(
    private readonly knex: Knex,
    private readonly policy: SignInPolicy,
  ) {
    this.limits = new AttemptLimits(knex);
  }

  /**
   * Counts the attempt as a failure until it proves right, refusing (429, nothing counted) when its
   * pair is at its limit, or its address is and the account has not signed in from it.
   */
  async begin(kind: UserKind, email: string, ip: string, now = Date.now()): Promise<CountedSignIn> {
    const account = `${kind}:${email}`;
    const known = await this.isKnownAddress(account, ip, now);
    const pair: LimitedKey = [this.policy.byAccountAndAddress, `${account}\n${ip}`];
    const { byAddress, byAccount } = this.policy;
    const { attempt, counts } = await this.limits.record(
      [
        pair,
        // Counted either way, but only an address the account has not signed in from is refused.
        [known ? { ...byAddress, max: NEVER } : byAddress, `ip:${ip}`],
        [{ name: byAccount.name, max: NEVER, windowMs: byAccount.windowMs, message: byAddress.message }, account],
      ],
      now,
    );
    return {
      attempt,
      account,
      pair,
      delayMs: signInDelayMs(this.policy.byAccountAndAddress, counts[0] - 1),
      counts: { pair: counts[0], address: counts[1], account: counts[2] },
    };
  }

  /** The attempt was a failure: which limits it brought to their maximum, and whether to tell the account's owner (`exists`: the email is an account's). */
  async failed(signIn: CountedSignIn, exists: boolean, now = Date.now()): Promise<FailureOutcome> {
    const { byAccountAndAddress, byAddress, byAccount } = this.policy;
    const throttled: FailureOutcome['throttled'] = [];
    if (signIn.counts.pair === byAccountAndAddress.max)
      throttled.push({ scope: 'account_and_address', failures: signIn.counts.pair, minutes: minutes(byAccountAndAddress.windowMs) });
    if (signIn.counts.address === byAddress.max)
      throttled.push({ scope: 'address', failures: signIn.counts.address, minutes: minutes(byAddress.windowMs) });
    let alert: FailureOutcome['alert'] = null;
    if (exists && signIn.counts.account >= byAccount.alertAfter && (await this.claimAlert(signIn.account, now)))
      alert = { failures: signIn.counts.account, hours: Math.max(1, Math.round(byAccount.windowMs / 3_600_000)) };
    return { throttled, alert };
  }

  /** The right password: the attempt is no failure, the pair's failures are forgotten and the address becomes known to the account. */
  async succeeded(signIn: CountedSignIn, ip: string, now = Date.now()): Promise<void> {
    await this.limits.takeBack(signIn.attempt);
    await this.limits.clear(signIn.pair);
    await this.knex(SIGN_IN_ADDRESSES)
      .insert({ account: signIn.account, ip, signed_in_at: new Date(now) })
      .onConflict(['account', 'ip'])
      .merge(['signed_in_at']);
  }

  /** The right password, for an account that may not sign in (pending, deactivated): not a failure, nothing more. */
  async notAGuess(signIn: CountedSignIn): Promise<void> {
    await this.limits.takeBack(signIn.attempt);
  }

  /** Forgets the account's failures from every address (its password was just reset by its owner). */
  async forgetFailures(kind: UserKind, email: string): Promise<void> {
    await this.limits.clearStartingWith(this.policy.byAccountAndAddress, `${kind}:${email}\n`);
  }

  private async isKnownAddress(account: string, ip: string, now: number): Promise<boolean> {
    const row = await this.knex(SIGN_IN_ADDRESSES)
      .where({ account, ip })
      .where('signed_in_at', '>', new Date(now - KNOWN_ADDRESS_MS))
      .first('ip');
    return row !== undefined;
  }

  /** True for the first caller in the alert window (every API process shares it). */
  private async claimAlert(account: string, now: number): Promise<boolean> {
    const { byAccount, byAddress } = this.policy;
    try {
      await this.limits.count(
        [[{ name: `${byAccount.name}-alert`, max: 1, windowMs: byAccount.windowMs, message: byAddress.message }, account]],
        now,
      );
      return true;
    } catch (error) {
      if (error instanceof TooManyRequestsError) return false;
      throw error;
    }
  }
}
