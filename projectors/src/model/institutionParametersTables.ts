/**
 * The institution-parameters read model's tables, as `institutionParametersProjection`'s migrations
 * create them, and their rows: the one place the projection and the query side take them from.
 */
export const INSTITUTION_PARAMETER_VALUES = 'institution_parameter_values';
export const INSTITUTION_PARAMETER_HISTORY = 'institution_parameter_history';
/** One row per institution: its first save that changed nothing (it confirmed its values as they stood). */
export const INSTITUTION_PARAMETER_CONFIRMATIONS = 'institution_parameter_confirmations';

/** An institution's own value of one template (a template without one uses its default). */
export type ParameterValueRow = {
  id: number;
  institution_id: number;
  parameter_id: number;
  value: number;
  updated_at: Date | string;
  actor_id: string;
  actor_role: string;
  actor_name: string;
};

/** One change of an institution's value, keyed by the event's log position and its order within it. */
export type ParameterHistoryRow = {
  position: string | number;
  seq: number;
  institution_id: number;
  value_id: number;
  parameter_id: number;
  parameter_name: string;
  unique_code: number;
  old_value: number | null;
  new_value: number | null;
  change: 'set' | 'reset' | 'removed';
  changed_at: Date;
  actor_id: string;
  actor_role: string;
  actor_name: string;
};

/** An institution's first confirmation of its parameters as they stood (no values: it changed none). */
export type ParameterConfirmationRow = {
  institution_id: number;
  position: string;
  confirmed_at: Date;
  actor_id: string;
  actor_role: string;
  actor_name: string;
};
