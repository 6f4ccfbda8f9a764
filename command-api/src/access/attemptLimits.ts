import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { TooManyRequestsError } from '@credit/events';

/** At most `max` attempts per key within a sliding `windowMs`; past it, 429 with `message(minutes to wait)`. */
export type AttemptLimit = { name: string; max: number; windowMs: number; message: (minutes: number) => string };

/** One key (an email, an IP) under one limit. */
export type LimitedKey = readonly [AttemptLimit, string];

const TABLE = 'limited_attempts';
/** No limit looks further back than this. */
export const LONGEST_WINDOW_MS = 24 * 60 * 60_000;
/** The addresses each account signed in from (the sign-in throttle's known addresses). */
export const SIGN_IN_ADDRESSES = 'sign_in_addresses';
/** How long an address an account signed in from stays known to it. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000;

/**
 * Attempts are counted in PostgreSQL, so every API process (and a restarted one) sees the same
 * counts. Counting takes a transaction-scoped advisory lock per key: parallel requests, in one
 * process or several, each see the attempts before them.
 */
export class AttemptLimits {
  constructor(private readonly knex: Knex) {}

  /** 429 when any key is at its limit; counts nothing. */
  async refuseIfLimited(keys: readonly LimitedKey[], now = Date.now()): Promise<void> {
    await refuseIfLimited(this.knex, keys, now);
  }

  /** Refuses (429) when any key is at its limit, else counts one attempt against every key. Returns the attempt, to take back. */
  async count(keys: readonly LimitedKey[], now = Date.now()): Promise<string> {
    return (await this.record(keys, now)).attempt;
  }

  /**
   * `count`, also returning each key's attempts within its window, this one included (in the order of
   * `keys`): parallel callers each get their own number, as they are counted one after the other.
   */
  async record(keys: readonly LimitedKey[], now = Date.now()): Promise<{ attempt: string; counts: number[] }> {
    // A caller already past a limit is refused without waiting for the lock: a flood from one address
    // must not hold pool connections queued behind it.
    await refuseIfLimited(this.knex, keys, now);
    const attempt = randomUUID();
    const counts = await this.knex.transaction(async (trx) => {
      const names = [...new Set(keys.map(lockName))].sort();
      for (const name of names) await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [name]);
      for (const [limit, key] of keys) {
        await trx(TABLE)
          .where({ limit_name: limit.name, key })
          .where('attempted_at', '<=', new Date(now - limit.windowMs))
          .delete();
      }
      await refuseIfLimited(trx, keys, now);
      await trx(TABLE).insert(keys.map(([limit, key]) => ({ limit_name: limit.name, key, attempt, attempted_at: new Date(now) })));
      const after: number[] = [];
      for (const [limit, key] of keys) after.push((await recentAttempts(trx, [limit, key], now)).count);
      return after;
    });
    return { attempt, counts };
  }

  /** The attempts of one key within its limit's window. */
  async recent(key: LimitedKey, now = Date.now()): Promise<number> {
    return (await recentAttempts(this.knex, key, now)).count;
  }

  /** Takes back one counted attempt (a sign-in that turned out to be right). */
  async takeBack(attempt: string): Promise<void> {
    await this.knex(TABLE).where({ attempt }).delete();
  }

  /**
   * Forgets attempts older than any limit's window (keys that never come back would keep them forever),
   * and the sign-in addresses no longer known. Returns the attempts forgotten.
   */
  async sweep(now = Date.now()): Promise<number> {
    await this.knex(SIGN_IN_ADDRESSES)
      .where('signed_in_at', '<', new Date(now - KNOWN_ADDRESS_MS))
      .delete();
    return this.knex(TABLE)
      .where('attempted_at', '<', new Date(now - LONGEST_WINDOW_MS))
      .delete();
  }

  /** Forgets every attempt of one key (a successful sign-in clears its address's failures). */
  async clear([limit, key]: LimitedKey): Promise<void> {
    await this.knex(TABLE).where({ limit_name: limit.name, key }).delete();
  }

  /** Forgets every attempt of the keys that start with `prefix` (a password reset clears its account's failures from every address). */
  async clearStartingWith(limit: Pick<AttemptLimit, 'name'>, prefix: string): Promise<void> {
    await this.knex(TABLE)
      .where({ limit_name: limit.name })
      .whereRaw(`key LIKE ? ESCAPE '\\'`, [`${prefix.replace(/[\\%_]/g, (character) => `\\${character}`)}%`])
      .delete();
  }
}

const lockName = ([limit, key]: LimitedKey) => `${TABLE}\n${limit.name}\n${key}`;

async function recentAttempts(knex: Knex, [limit, key]: LimitedKey, now: number): Promise<{ count: number; oldest: Date | null }> {
  const [recent] = await knex(TABLE)
    .where({ limit_name: limit.name, key })
    .where('attempted_at', '>', new Date(now - limit.windowMs))
    .select(knex.raw('count(*)::int AS count'), knex.raw('min(attempted_at) AS oldest'));
  return recent as { count: number; oldest: Date | null };
}

async function refuseIfLimited(knex: Knex, keys: readonly LimitedKey[], now: number): Promise<void> {
  for (const [limit, key] of keys) {
    const recent = await recentAttempts(knex, [limit, key], now);
    if (recent.count >= limit.max) {
      const minutes = Math.max(1, Math.ceil((new Date(recent.oldest ?? now).getTime() + limit.windowMs - now) / 60_000));
      throw new TooManyRequestsError(limit.message(minutes));
    }
  }
}
