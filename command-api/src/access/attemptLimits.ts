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
    // A caller already past a limit is refused without waiting for the lock: a flood from one address
    // must not hold pool connections queued behind it.
    await refuseIfLimited(this.knex, keys, now);
    const attempt = randomUUID();
    await this.knex.transaction(async (trx) => {
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
    });
    return attempt;
  }

  /** Takes back one counted attempt (a sign-in that turned out to be right). */
  async takeBack(attempt: string): Promise<void> {
    await this.knex(TABLE).where({ attempt }).delete();
  }

  /** Forgets attempts older than any limit's window (keys that never come back would keep them forever). */
  async sweep(now = Date.now()): Promise<number> {
    return this.knex(TABLE)
      .where('attempted_at', '<', new Date(now - LONGEST_WINDOW_MS))
      .delete();
  }

  /** Forgets every attempt of one key (a successful sign-in clears its email's failures). */
  async clear([limit, key]: LimitedKey): Promise<void> {
    await this.knex(TABLE).where({ limit_name: limit.name, key }).delete();
  }
}

const lockName = ([limit, key]: LimitedKey) => `${TABLE}\n${limit.name}\n${key}`;

async function refuseIfLimited(knex: Knex, keys: readonly LimitedKey[], now: number): Promise<void> {
  for (const [limit, key] of keys) {
    const [recent] = await knex(TABLE)
      .where({ limit_name: limit.name, key })
      .where('attempted_at', '>', new Date(now - limit.windowMs))
      .select(knex.raw('count(*)::int AS count'), knex.raw('min(attempted_at) AS oldest'));
    if (recent.count >= limit.max) {
      const minutes = Math.max(1, Math.ceil((new Date(recent.oldest).getTime() + limit.windowMs - now) / 60_000));
      throw new TooManyRequestsError(limit.message(minutes));
    }
  }
}
