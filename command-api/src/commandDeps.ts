import type { Knex } from 'knex';
import type { AnalyticsConnection } from '@credit/projectors/src/readModels';
import type { ChainedLog, EventStore } from '@credit/events';
import type { InstitutionParameterValues, ModelSnapshot } from '@credit/scoring';
import type { SignInPolicy } from './access/signInThrottle';
import type { EmailReservations } from './accounts/emailReservations';

export type CommandDeps = {
  store: EventStore;
  knex: Knex;
  secret: () => string;
  reservations: EmailReservations;
  /** Failed sign-ins, counted per account and client IP, per client IP and per account (the sign-in throttle). */
  signInLimits: SignInPolicy;
  /** How long a password reset code stays valid (300 s unless configured). */
  resetCodeTtlSeconds?: number;
  /** Registrations and password reset requests allowed per client IP (20 an hour, 30 per 15 minutes unless configured). */
  requestLimits?: { registrationsPerHour?: number; resetRequestsPer15Min?: number };
  /** The scoring model and an institution's parameter values as of a log position (built from the log). */
  models: ModelSource;
  /** The hash-chained log (verification); null when the events are in KurrentDB. */
  chainedLog: ChainedLog | null;
  /** Where issued database roles connect (README, "The analytics schema"); absent: no database access is offered. */
  analyticsConnection?: AnalyticsConnection;
};

export type ModelSource = {
  modelAt: (position: number) => Promise<{ snapshot: ModelSnapshot; hash: string; version: number }>;
  parametersAt: (institutionId: number, position: number) => Promise<InstitutionParameterValues>;
};
