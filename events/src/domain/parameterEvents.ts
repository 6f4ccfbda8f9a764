import { z } from 'zod';
import { defineEvent, isEventOf, type DataOf, type EventOf } from '../catalogue';
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

/**
 * A save that changed nothing: the institution (or an administrator for it) reviewed its parameters and
 * kept them as they stand. No value and no history line; the first-day checklist counts it as a review.
 */
export const institutionParametersConfirmed = defineEvent('InstitutionParametersConfirmed', z.object({ institutionId: id }));

export const parameterEvents = [institutionParametersSet, institutionParameterValueRemoved, institutionParametersConfirmed];

export const PARAMETER_EVENT_TYPES = parameterEvents.map((definition) => definition.type);

export type ParameterChange = z.infer<typeof parameterChange>;
export type InstitutionParametersSetData = DataOf<typeof institutionParametersSet>;
export type InstitutionParameterValueRemovedData = DataOf<typeof institutionParameterValueRemoved>;
export type InstitutionParametersConfirmedData = DataOf<typeof institutionParametersConfirmed>;

/** Every event of an `institution-parameters-<id>` stream: a switch on `type` narrows `data`. */
export type ParameterEvent = EventOf<(typeof parameterEvents)[number]>;

/** Whether a stored event is one of these (its payload then as the catalogue checked it). */
export const isParameterEvent = isEventOf(parameterEvents);

export const institutionParametersStream = (institutionId: number): string => `institution-parameters-${institutionId}`;
