import {
  evolveInstitutionParameters,
  evolveScoringModel,
  initialInstitutionParameters,
  initialScoringModel,
  institutionParametersStream,
  isModelEvent,
  isParameterEvent,
  SCORING_MODEL_STREAM,
  type EventStore,
  type ParameterTemplateCreatedData,
  type ScoringModel,
  type VariableCategoryData,
  type VariableData,
} from '@credit/events';
import {
  snapshotHash,
  type InstitutionParameterValues,
  type ModelSnapshot,
  type ParameterTemplate,
  type Variable,
  type VariableCategory,
} from '@credit/scoring';

export const toCategory = (data: VariableCategoryData): VariableCategory => ({
  id: data.categoryId,
  name: data.name,
  description: data.description,
  creditLimitWeight: data.creditLimitWeight,
  interestRateWeight: data.interestRateWeight,
});

export const toVariable = (data: VariableData): Variable => ({
  id: data.variableId,
  name: data.name,
  uniqueCode: data.uniqueCode,
  description: data.description,
  categoryId: data.categoryId,
  proportion: data.proportion,
  minValue: data.minValue,
  maxValue: data.maxValue,
  responseType: data.responseType,
  normalisationFormula: data.normalisationFormula,
  categoryMappings: data.categoryMappings,
  isRequired: data.isRequired,
  mask: data.mask,
  isActive: data.isActive,
});

export const toTemplate = (data: ParameterTemplateCreatedData): ParameterTemplate => ({
  id: data.parameterId,
  uniqueCode: data.uniqueCode,
  name: data.name,
  description: data.description,
  recommendedRange: data.recommendedRange,
  impact: data.impact,
  defaultValue: data.defaultValue,
  isActive: data.isActive,
  isRequired: data.isRequired,
  isInstitutionSpecific: data.isInstitutionSpecific,
});

const byId = <T extends { id: number }>(values: Iterable<T>): T[] => [...values].sort((left, right) => left.id - right.id);

/**
 * The model as it stood at a global log position, folded from the `scoring-model` stream itself
 * (never from a projection that may lag), so a batch is scored with the model of its upload
 * position on every replay. The version is the position asked for; the hash names the content.
 */
export async function loadModelAsOf(
  store: EventStore,
  position: number,
): Promise<{ snapshot: ModelSnapshot; hash: string; version: number }> {
  let model = initialScoringModel();
  for (const event of await store.readStream(SCORING_MODEL_STREAM)) {
    if (event.position > position) break;
    if (isModelEvent(event)) model = evolveScoringModel(model, event);
  }
  const snapshot = modelSnapshotOf(model, position);
  return { snapshot, hash: snapshotHash(snapshot), version: position };
}

/** The engine's snapshot of a folded model (categories, variables and templates by id), as version `version`. */
export function modelSnapshotOf(model: ScoringModel, version: number): ModelSnapshot {
  return {
    version,
    categories: byId([...model.categories.values()].map(toCategory)),
    variables: byId([...model.variables.values()].map(toVariable)),
    parameterTemplates: byId([...model.templates.values()].map(toTemplate)),
  };
}

/** An institution's own parameter values at a global log position, by template id, as compileModel takes them. */
export async function loadInstitutionParametersAsOf(
  store: EventStore,
  institutionId: number,
  position: number,
): Promise<InstitutionParameterValues> {
  let parameters = initialInstitutionParameters();
  for (const event of await store.readStream(institutionParametersStream(institutionId))) {
    if (event.position > position) break;
    if (isParameterEvent(event)) parameters = evolveInstitutionParameters(parameters, event);
  }
  return { byTemplateId: Object.fromEntries([...parameters.values.values()].map((stored) => [stored.parameterId, stored.value])) };
}
