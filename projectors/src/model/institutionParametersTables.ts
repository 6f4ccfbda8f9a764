/**
 * The institution-parameters read model's tables, as `institutionParametersProjection`'s migrations
 * create them, and their rows: the one place the projection and the query side take them from.
 */
export const INSTITUTION_PARAMETER_VALUES = 'institution_parameter_values';
export const INSTITUTION_PARAMETER_HISTORY = 'institution_parameter_history';

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
