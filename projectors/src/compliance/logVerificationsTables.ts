/**
 * The log verifications read model's table, as `logVerificationsProjection`'s migration creates it:
 * one row per `LogVerified` event, newest last.
 */
export const LOG_VERIFICATIONS = 'log_verifications';

export type LogVerificationRow = {
  position: string;
  verified_at: Date;
  actor_id: string;
  actor_role: string;
  actor_name: string;
  outcome: 'intact' | 'broken';
  head_position: string;
  head_hash: string | null;
  broken_at: string | null;
  reason: string | null;
  checked: string;
  duration_ms: number;
};
