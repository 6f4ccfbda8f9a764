import { z } from 'zod';
import { defineEvent } from '../catalogue';
import { uniqueCodeSchema } from './modelEvents';

/** Events of an `institution-parameters-<institutionId>` stream: the institution's parameter values. */
const id = z.number().int().positive();

const parameterChange = z.object({
  /** Stable per institution and parameter template, reserved on the command side. */
  valueId: id,
  parameterId: id,
  /** Name and code as they stood at the change, so the history reads well after a rename. */
  parameterName: z.string(),
  uniqueCode: uniqueCodeSchema,
  /** null when the institution had no value of its own (the template's default applied). */
  oldValue: z.number().nullable(),
  value: z.number(),
});

export const institutionParametersSet = defineEvent(
  'InstitutionParametersSet',
  z.object({ institutionId: id, reason: z.enum(['set', 'reset']), changes: z.array(parameterChange).min(1) }),
);

export const institutionParameterValueRemoved = defineEvent(
  'InstitutionParameterValueRemoved',
  z.object({
    institutionId: id,
    valueId: id,
    parameterId: id,
    parameterName: z.string(),
    uniqueCode: uniqueCodeSchema,
    oldValue: z.number(),
  }),
);

export const parameterEvents = [institutionParametersSet, institutionParameterValueRemoved];

export const PARAMETER_EVENT_TYPES = parameterEvents.map((definition) => definition.type);

export type ParameterChange = z.infer<typeof parameterChange>;
export type InstitutionParametersSetData = z.infer<typeof institutionParametersSet.schema>;
export type InstitutionParameterValueRemovedData = z.infer<typeof institutionParameterValueRemoved.schema>;

export const institutionParametersStream = (institutionId: number): string => `institution-parameters-${institutionId}`;
