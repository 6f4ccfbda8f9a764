import { decidePasswordReset, rejectionOf } from './decidePasswordReset';
import { evolvePasswordReset, initialPasswordReset, type PasswordReset } from './passwordReset';
import type { DomainEvent } from '../commandHandling';

const MAX_DECOYS = 10_000;

/**
 * Resets asked for unknown emails, kept in memory and run through the same decider as real ones
 * (with a code that can never match), so wrong codes, the attempt limit and expiry answer exactly
 * as they would for a registered email.
 */
export class DecoyResets {
  private readonly resets = new Map<string, PasswordReset>();

  request(email: string, expiresAt: string): void {
    const events = decidePasswordReset(
      { type: 'RequestPasswordReset', kind: 'institution', userId: 1, codeHash: 'decoy', expiresAt },
      initialPasswordReset(),
    );
    this.resets.delete(email);
    this.resets.set(email, fold(initialPasswordReset(), events));
    if (this.resets.size > MAX_DECOYS) this.resets.delete(this.resets.keys().next().value as string);
  }

  /** Always throws: the answer a wrong code gets in the decoy's state. */
  check(email: string, code: string, hashKey: string, now: string): never {
    const state = this.resets.get(email) ?? initialPasswordReset();
    const events = decidePasswordReset({ type: 'CheckResetCode', code, hashKey, now, usedSinceRequest: false }, state);
    this.resets.set(email, fold(state, events));
    throw rejectionOf(state);
  }
}

const fold = (state: PasswordReset, events: DomainEvent[]): PasswordReset =>
  events.reduce((current, event) => evolvePasswordReset(current, { ...event, position: 0 }), state);
