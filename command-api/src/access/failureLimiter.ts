import { TooManyRequestsError } from '@credit/events';

/**
 * Counts attempts per key in a sliding window and refuses further attempts once a key has made too
 * many. Kept in memory: each API instance limits on its own.
 */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly message: (minutes: number) => string,
  ) {}

  check(keys: string[], now = Date.now()): void {
    for (const key of keys) {
      const recent = this.recent(key, now);
      if (recent.length >= this.maxFailures) {
        const minutes = Math.max(1, Math.ceil((recent[0] + this.windowMs - now) / 60_000));
        throw new TooManyRequestsError(this.message(minutes));
      }
    }
  }

  fail(keys: string[], now = Date.now()): void {
    for (const key of keys) this.failures.set(key, [...this.recent(key, now), now]);
  }

  /**
   * Checks every key, then counts this attempt against all of them, with no await in between: parallel
   * requests each see the ones before them. Returns the attempt's time, to take it back by.
   */
  attempt(keys: string[], now = Date.now()): number {
    this.check(keys, now);
    this.fail(keys, now);
    return now;
  }

  /** Takes back the one attempt counted at `at` (a sign-in that turned out to be right). */
  takeBack(key: string, at: number): void {
    const recorded = this.failures.get(key);
    const index = recorded?.lastIndexOf(at) ?? -1;
    if (!recorded || index === -1) return;
    recorded.splice(index, 1);
    if (recorded.length === 0) this.failures.delete(key);
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((at) => now - at < this.windowMs);
    if (kept.length === 0) this.failures.delete(key);
    return kept;
  }
}
