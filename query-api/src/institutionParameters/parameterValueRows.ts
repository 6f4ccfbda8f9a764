import type { TemplateRow } from '../model/modelRows';

export type ValueRow = {
  id: number;
  institution_id: number;
  parameter_id: number;
  value: number;
  updated_at: Date | string;
  actor_id: string;
  actor_role: string;
  actor_name: string;
};

export type HistoryRow = {
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

/** The spec's institution parameter value; a template the institution never set shows its default. */
export const toParameterValue = (
  institutionId: number,
  template: TemplateRow,
  own: ValueRow | undefined,
  latest: HistoryRow | undefined,
) => ({
  id: own?.id ?? null,
  parameterId: template.id,
  institutionId,
  value: own?.value ?? template.default_value,
  savedValue: own?.value ?? null,
  defaultValue: template.default_value,
  isDefault: own === undefined,
  oldValue: own === undefined ? null : (latest?.old_value ?? null),
  updatedAt: own === undefined ? null : new Date(own.updated_at),
  userName: own?.actor_name ?? null,
  uniqueCode: template.unique_code,
  name: template.name,
  description: template.description,
  recommendedRange: template.recommended_range,
  impact: template.impact,
  parameter: {
    id: template.id,
    uniqueCode: template.unique_code,
    name: template.name,
    description: template.description,
    recommendedRange: template.recommended_range,
    impact: template.impact,
    defaultValue: template.default_value,
    is_active: template.is_active,
    isActive: template.is_active,
    is_required: template.is_required,
    isRequired: template.is_required,
  },
});

export const toHistoryEntry = (row: HistoryRow) => ({
  id: `${row.position}-${row.seq}`,
  parameterId: row.parameter_id,
  parameterName: row.parameter_name,
  uniqueCode: row.unique_code,
  oldValue: row.old_value,
  newValue: row.new_value,
  change: row.change,
  userName: row.actor_name,
  changedBy: { id: row.actor_id, role: row.actor_role, name: row.actor_name },
  changedAt: row.changed_at,
  position: Number(row.position),
});
