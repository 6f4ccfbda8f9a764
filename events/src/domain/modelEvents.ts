import { z } from 'zod';
import { defineEvent, isEventOf, type DataOf, type EventOf } from '../catalogue';

/** Events of the one `scoring-model` stream: categories, variables and parameter templates. */
export const SCORING_MODEL_STREAM = 'scoring-model';

const id = z.number().int().positive();
/** Unique codes are PostgreSQL integers wherever they are stored. */
export const UNIQUE_CODE_LIMIT = 2_147_483_647;
export const uniqueCodeSchema = z.number().int().min(-UNIQUE_CODE_LIMIT).max(UNIQUE_CODE_LIMIT);
const weight = z.number().min(0).max(100);
const proportion = z.number().min(0).max(100);

const categoryFields = {
  categoryId: id,
  name: z.string().min(1),
  description: z.string(),
  creditLimitWeight: weight,
  interestRateWeight: weight,
};

export const categoryMappingSchema = z.object({ categoryName: z.string().min(1), numericValue: z.number() });

const variableFields = {
  variableId: id,
  name: z.string().min(1),
  description: z.string(),
  uniqueCode: uniqueCodeSchema,
  categoryId: id,
  proportion,
  minValue: z.number().min(0),
  maxValue: z.number(),
  responseType: z.enum(['int_float', 'boolean', 'categorical']),
  normalisationFormula: z.string().nullable(),
  categoryMappings: z.array(categoryMappingSchema),
  isRequired: z.boolean(),
  mask: z.boolean(),
  isUsedInFormula: z.boolean(),
  isActive: z.boolean(),
};

export const parameterImpactSchema = z.enum(['high', 'medium', 'low', 'positive', 'negative', 'neutral']);

const templateFields = {
  parameterId: id,
  name: z.string().min(1),
  description: z.string(),
  recommendedRange: z.string(),
  impact: parameterImpactSchema,
  defaultValue: z.number(),
  isActive: z.boolean(),
  isRequired: z.boolean(),
  isInstitutionSpecific: z.boolean(),
  normalizationFormula: z.string().nullable(),
};

export const variableCategoryCreated = defineEvent('VariableCategoryCreated', z.object(categoryFields));
export const variableCategoryUpdated = defineEvent('VariableCategoryUpdated', z.object(categoryFields));
export const variableCategoryDeleted = defineEvent('VariableCategoryDeleted', z.object({ categoryId: id }));

export const variableDefined = defineEvent('VariableDefined', z.object(variableFields));
export const variableUpdated = defineEvent('VariableUpdated', z.object(variableFields));
export const variableDeleted = defineEvent('VariableDeleted', z.object({ variableId: id }));
/** Appended with the variable change it accompanies, so a category's proportions move in one step. */
export const variableProportionsRedistributed = defineEvent(
  'VariableProportionsRedistributed',
  z.object({ categoryId: id, proportions: z.array(z.object({ variableId: id, proportion })).min(1) }),
);

export const parameterTemplateCreated = defineEvent(
  'ParameterTemplateCreated',
  z.object({ ...templateFields, uniqueCode: uniqueCodeSchema }),
);
/** The unique code is left out on purpose: it cannot change after creation. */
export const parameterTemplateUpdated = defineEvent('ParameterTemplateUpdated', z.object(templateFields));
export const parameterTemplateDeleted = defineEvent('ParameterTemplateDeleted', z.object({ parameterId: id }));

export const modelEvents = [
  variableCategoryCreated,
  variableCategoryUpdated,
  variableCategoryDeleted,
  variableDefined,
  variableUpdated,
  variableDeleted,
  variableProportionsRedistributed,
  parameterTemplateCreated,
  parameterTemplateUpdated,
  parameterTemplateDeleted,
];

export const MODEL_EVENT_TYPES = modelEvents.map((definition) => definition.type);

export type VariableCategoryData = DataOf<typeof variableCategoryCreated>;
export type VariableData = DataOf<typeof variableDefined>;
export type ParameterTemplateCreatedData = DataOf<typeof parameterTemplateCreated>;
export type ParameterTemplateData = DataOf<typeof parameterTemplateUpdated>;
export type ProportionsRedistributedData = DataOf<typeof variableProportionsRedistributed>;

/** Every event of the `scoring-model` stream: a switch on `type` narrows `data`. */
export type ModelEvent = EventOf<(typeof modelEvents)[number]>;

/** Whether a stored event is one of these (its payload then as the catalogue checked it). */
export const isModelEvent = isEventOf(modelEvents);
