import type { Knex } from 'knex';
import type { EventStore } from '@credit/events';
import type { FailureLimiter } from './access/failureLimiter';
import type { EmailReservations } from './accounts/emailReservations';

export type CommandDeps = {
  store: EventStore;
  knex: Knex;
  secret: () => string;
  reservations: EmailReservations;
  /** Failed sign-ins, counted per account email and, more loosely, per client IP. */
  signInLimiter: { byEmail: FailureLimiter; byIp: FailureLimiter };
  /** How long a password reset code stays valid (300 s unless configured). */
  resetCodeTtlSeconds?: number;
};
