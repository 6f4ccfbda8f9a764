import {
  NotFoundError,
  ValidationError,
  type AuthenticatedUser,
  type ParameterTemplateCreatedData,
  type ScoringModel,
} from '@credit/events';
import type { Knex } from 'knex';
import { field, type Body } from '../http/input';
import { toNumber } from '../model/modelInput';
import type { ParameterEntry } from './decideInstitutionParameters';
import { assertWithinHardBounds } from './parameterBounds';
import { parameterValueId } from './parameterValueIds';
import { rangeWarning, type RangeWarning } from './recommendedRange';

export type RequestedValue = { parameterId: number; value: number };

function requestedValue(entry: Body): RequestedValue {
  const parameterId = toNumber(field(entry, 'parameterId', 'parameter_id', 'id'));
  if (!Number.isSafeInteger(parameterId) || parameterId <= 0) throw new ValidationError('Each parameter needs a parameterId');
  return { parameterId, value: valueOf(entry) };
}

export function valueOf(body: Body): number {
  const raw = field(body, 'value', 'institutionValue', 'institution_value');
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === ''))
    throw new ValidationError('Institution value is required');
  const value = toNumber(raw);
  if (!Number.isFinite(value)) throw new ValidationError('Institution value must be a valid number');
  return value;
}

/** The list of parameterId and value, sent as `parameters` or as the body itself. */
export function requestedValues(body: unknown): RequestedValue[] {
  const list = Array.isArray(body) ? body : field((body ?? {}) as Body, 'parameters', 'values');
  if (!Array.isArray(list) || list.length === 0) throw new ValidationError('parameters must be a non-empty list of parameterId and value');
  return list.map((entry: unknown) => requestedValue((entry && typeof entry === 'object' ? entry : {}) as Body));
}

/** Institutions see only active templates; an inactive one is as good as absent to them. */
export function visibleTemplate(model: ScoringModel, user: AuthenticatedUser, parameterId: number): ParameterTemplateCreatedData {
  const template = model.templates.get(parameterId);
  if (!template || (!user.isAdmin && !template.isActive)) throw new NotFoundError(`Parameter ${parameterId} not found`);
  return template;
}

export async function parameterEntries(
  knex: Knex,
  model: ScoringModel,
  user: AuthenticatedUser,
  institutionId: number,
  requested: readonly RequestedValue[],
): Promise<{ entries: ParameterEntry[]; warnings: RangeWarning[] }> {
  const entries: ParameterEntry[] = [];
  const warnings: RangeWarning[] = [];
  const templates = requested.map(({ parameterId, value }) => {
    const template = visibleTemplate(model, user, parameterId);
    assertWithinHardBounds(template, value);
    return template;
  });
  for (const [index, { parameterId, value }] of requested.entries()) {
    const template = templates[index];
    const valueId = await parameterValueId(knex, institutionId, parameterId);
    entries.push({
      parameterId,
      valueId,
      parameterName: template.name,
      uniqueCode: template.uniqueCode,
      defaultValue: template.defaultValue,
      value,
    });
    const warning = rangeWarning(template, value);
    if (warning) warnings.push(warning);
  }
  return { entries, warnings };
}
