import type { Knex } from 'knex';
import { ConflictError, type UserKind } from '@credit/events';

/** Whose emails a reservation keeps unique: administrators', institutions', and institutions' team members'. */
export type ReservationKind = UserKind | 'member';

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/**
 * Unique emails span streams, so they are enforced here, before the append: a reservation is
 * taken first and released again if the append fails.
 */
export class EmailReservations {
  constructor(private readonly knex: Knex) {}

  async reserve(kind: ReservationKind, email: string, userId: number, message: string): Promise<void> {
    const inserted = await this.knex('email_reservations')
      .insert({ kind, email: normaliseEmail(email), user_id: userId })
      .onConflict(['kind', 'email'])
      .ignore()
      .returning('user_id');
    if (inserted.length === 0) {
      const owner = await this.owner(kind, email);
      if (owner !== userId) throw new ConflictError(message);
    }
  }

  async release(kind: ReservationKind, email: string, userId: number): Promise<void> {
    await this.knex('email_reservations')
      .where({ kind, email: normaliseEmail(email), user_id: userId })
      .delete();
  }

  async owner(kind: ReservationKind, email: string): Promise<number | null> {
    const row = await this.knex('email_reservations')
      .where({ kind, email: normaliseEmail(email) })
      .first('user_id');
    return row ? Number(row.user_id) : null;
  }

  /**
   * Runs `work` holding the new reservation, moving it from the old email (`previousEmail` of what
   * `work` answered) only if `work` succeeds.
   */
  async withReservation<T>(
    kind: ReservationKind,
    email: string,
    userId: number,
    message: string,
    work: () => Promise<T>,
    previousEmail: (done: T) => string | null = () => null,
  ): Promise<T> {
    const alreadyOwned = (await this.owner(kind, email)) === userId;
    await this.reserve(kind, email, userId, message);
    let done: T;
    try {
      done = await work();
    } catch (error) {
      if (!alreadyOwned) await this.release(kind, email, userId);
      throw error;
    }
    const previous = previousEmail(done);
    if (previous && normaliseEmail(previous) !== normaliseEmail(email)) await this.release(kind, previous, userId);
    return done;
  }
}

export const nextId = async (knex: Knex, sequence: 'institution_ids' | 'admin_ids' | 'batch_ids' | 'member_ids'): Promise<number> =>
  Number((await knex.raw('SELECT nextval(?::regclass) AS id', [sequence])).rows[0].id);
