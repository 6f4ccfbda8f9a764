import {
  institutionParametersStream,
  SCORING_MODEL_STREAM,
  type EventStore,
  type InstitutionParametersSetData,
  type InstitutionParameterValueRemovedData,
  type ParameterTemplateCreatedData,
  type ProportionsRedistributedData,
  type RecordedEvent,
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

type ModelParts = {
  categories: Map<number, VariableCategory>;
  variables: Map<number, Variable>;
  templates: Map<number, ParameterTemplate>;
};

const toCategory = (data: VariableCategoryData): VariableCategory => ({
  id: data.categoryId,
  name: data.name,
  description: data.description,
  creditLimitWeight: data.creditLimitWeight,
  interestRateWeight: data.interestRateWeight,
});

const toVariable = (data: VariableData): Variable => ({
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

const toTemplate = (data: Omit<ParameterTemplateCreatedData, 'uniqueCode'>, uniqueCode: number): ParameterTemplate => ({
  id: data.parameterId,
  uniqueCode,
  name: data.name,
  description: data.description,
  recommendedRange: data.recommendedRange,
  impact: data.impact,
  defaultValue: data.defaultValue,
  isActive: data.isActive,
  isRequired: data.isRequired,
  isInstitutionSpecific: data.isInstitutionSpecific,
});

function apply(parts: ModelParts, event: RecordedEvent): void {
  switch (event.type) {
    case 'VariableCategoryCreated':
    case 'VariableCategoryUpdated': {
      const data = event.data as VariableCategoryData;
      parts.categories.set(data.categoryId, toCategory(data));
      return;
    }
    case 'VariableCategoryDeleted':
      parts.categories.delete((event.data as { categoryId: number }).categoryId);
      return;
    case 'VariableDefined':
    case 'VariableUpdated': {
      const data = event.data as VariableData;
      parts.variables.set(data.variableId, toVariable(data));
      return;
    }
    case 'VariableDeleted':
      parts.variables.delete((event.data as { variableId: number }).variableId);
      return;
    case 'VariableProportionsRedistributed':
      for (const { variableId, proportion } of (event.data as ProportionsRedistributedData).proportions) {
        const variable = parts.variables.get(variableId);
        if (variable) parts.variables.set(variableId, { ...variable, proportion });
      }
      return;
    case 'ParameterTemplateCreated': {
      const data = event.data as ParameterTemplateCreatedData;
      parts.templates.set(data.parameterId, toTemplate(data, data.uniqueCode));
      return;
    }
    case 'ParameterTemplateUpdated': {
      const data = event.data as Omit<ParameterTemplateCreatedData, 'uniqueCode'>;
      const current = parts.templates.get(data.parameterId);
      if (current) parts.templates.set(data.parameterId, toTemplate(data, current.uniqueCode));
      return;
    }
    case 'ParameterTemplateDeleted':
      parts.templates.delete((event.data as { parameterId: number }).parameterId);
      return;
  }
}

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
  const parts: ModelParts = { categories: new Map(), variables: new Map(), templates: new Map() };
  for (const event of await store.readStream(SCORING_MODEL_STREAM)) {
    if (event.position > position) break;
    apply(parts, event);
  }
  const snapshot: ModelSnapshot = {
    version: position,
    categories: byId(parts.categories.values()),
    variables: byId(parts.variables.values()),
    parameterTemplates: byId(parts.templates.values()),
  };
  return { snapshot, hash: snapshotHash(snapshot), version: position };
}

/** An institution's own parameter values at a global log position, by template id, as compileModel takes them. */
export async function loadInstitutionParametersAsOf(
  store: EventStore,
  institutionId: number,
  position: number,
): Promise<InstitutionParameterValues> {
  const values: Record<number, number> = {};
  for (const event of await store.readStream(institutionParametersStream(institutionId))) {
    if (event.position > position) break;
    if (event.type === 'InstitutionParametersSet') {
      for (const change of (event.data as InstitutionParametersSetData).changes) values[change.parameterId] = change.value;
    } else if (event.type === 'InstitutionParameterValueRemoved') {
      delete values[(event.data as InstitutionParameterValueRemovedData).parameterId];
    }
  }
  return { byTemplateId: values };
}
