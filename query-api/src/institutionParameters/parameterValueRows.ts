import type { ParameterHistoryRow, ParameterTemplateRow, ParameterValueRow } from '@credit/projectors/src/readModels';

/** The spec's institution parameter value; a template the institution never set shows its default. */
export const toParameterValue = (
  institutionId: number,
  template: ParameterTemplateRow,
  own: ParameterValueRow | undefined,
  latest: ParameterHistoryRow | undefined,
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

export const toHistoryEntry = (row: ParameterHistoryRow) => ({
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
