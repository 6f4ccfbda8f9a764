import type { Knex } from 'knex';
import { decidePasswordReset, FORGOTTEN_AFTER_EXPIRY_MS, rejectionOf } from './decidePasswordReset';
import { evolvePasswordReset, initialPasswordReset, type PasswordReset, type PasswordResetEvent } from './passwordReset';

const TABLE = 'password_reset_decoys';

/**
 * Resets asked for unknown emails, run through the same decider as real ones (with a code that can
 * never match), so wrong codes, the attempt limit and expiry answer exactly as they would for a
 * registered email. Kept in PostgreSQL: every API process, and a restarted one, answers the same.
 */
export class DecoyResets {
  constructor(private readonly knex: Knex) {}

  async request(email: string, expiresAt: string): Promise<void> {
    const events = decidePasswordReset(
      { type: 'RequestPasswordReset', kind: 'institution', userId: 1, codeHash: 'decoy', expiresAt },
      initialPasswordReset(),
    );
    const now = new Date();
    // Past this a real reset answers as if none was asked for, and so does a decoy that is gone.
    await this.knex(TABLE)
      .whereRaw(`(state->>'expiresAt')::timestamptz < ?`, [new Date(now.getTime() - FORGOTTEN_AFTER_EXPIRY_MS)])
      .delete();
    await this.knex(TABLE)
      .insert({ email, state: JSON.stringify(fold(initialPasswordReset(), events)), updated_at: now })
      .onConflict('email')
      .merge();
  }

  /** Always throws: the answer a wrong code gets in the decoy's state. */
  async check(email: string, code: string, hashKey: string, now: string): Promise<never> {
    const state = await this.knex.transaction(async (trx) => {
      const row = await trx(TABLE).where({ email }).forUpdate().first('state');
      const before: PasswordReset = row ? (row.state as PasswordReset) : initialPasswordReset();
      const events = decidePasswordReset({ type: 'CheckResetCode', code, hashKey, now, usedSinceRequest: false }, before);
      if (row)
        await trx(TABLE)
          .where({ email })
          .update({ state: JSON.stringify(fold(before, events)), updated_at: new Date() });
      return before;
    });
    throw rejectionOf(state);
  }
}

const fold = (state: PasswordReset, events: PasswordResetEvent[]): PasswordReset =>
  events.reduce((current, event) => evolvePasswordReset(current, { ...event, position: 0 }), state);
