/**
 * The audit read model's table, as `auditProjection`'s migrations create it, and its row: the one
 * place the projection and the query side take its name and columns from.
 */
export const AUDIT_LOG = 'audit_log';

/**
 * Bulk payloads of a batch (its record chunks and error-report chunks): the batch is audited by its
 * started, completed and failed events, and reading megabytes of records there would only be noise.
 * Every other event type of the catalogue has exactly one audit row, keyed by the event's position.
 */
export const UNAUDITED_BULK_EVENTS: readonly string[] = ['ClientRecordsUploaded', 'BatchRowsRejected'];

/** One event as audited; `position` is its global log position (bigint, read as a string). */
export type AuditRow = {
  position: string;
  event_id: string;
  event_type: string;
  stream_id: string;
  occurred_at: Date;
  actor_id: string;
  actor_role: string;
  actor_name: string;
  action: string;
  description: string;
  ip: string | null;
  user_agent: string | null;
  institution_id: number | null;
  correlation_id: string;
  details: Record<string, unknown>;
  /** The description as a code and parts (`auditMessage`); null for rows written before codes, or an event type without one. */
  description_code: string | null;
  description_params: Record<string, string | number> | null;
};
