import type {
  ModelEvent,
  ParameterTemplateCreatedData,
  ProportionsRedistributedData,
  VariableCategoryData,
  VariableData,
} from './modelEvents';

/**
 * The whole scoring model as one aggregate: the rules that span categories and variables need all of it.
 * The one fold of the `scoring-model` stream: the command side decides on it, and the projectors turn
 * it into the engine's snapshot as of any log position.
 */
export type ScoringModel = {
  categories: ReadonlyMap<number, VariableCategoryData>;
  variables: ReadonlyMap<number, VariableData>;
  templates: ReadonlyMap<number, ParameterTemplateCreatedData>;
  /** Highest id ever used, so a deleted id is never handed out again. */
  lastCategoryId: number;
  lastVariableId: number;
  lastParameterId: number;
  isEmpty: boolean;
};

export const initialScoringModel = (): ScoringModel => ({
  categories: new Map(),
  variables: new Map(),
  templates: new Map(),
  lastCategoryId: 0,
  lastVariableId: 0,
  lastParameterId: 0,
  isEmpty: true,
});

const withEntry = <T>(map: ReadonlyMap<number, T>, id: number, value: T): Map<number, T> => new Map(map).set(id, value);

const without = <T>(map: ReadonlyMap<number, T>, id: number): Map<number, T> => {
  const copy = new Map(map);
  copy.delete(id);
  return copy;
};

function redistribute(variables: ReadonlyMap<number, VariableData>, data: ProportionsRedistributedData): Map<number, VariableData> {
  const copy = new Map(variables);
  for (const { variableId, proportion } of data.proportions) {
    const variable = copy.get(variableId);
    if (variable) copy.set(variableId, { ...variable, proportion });
  }
  return copy;
}

/** Reads only the type and payload, so a command's own new events can be folded too. */
export function evolveScoringModel(model: ScoringModel, event: ModelEvent): ScoringModel {
  const state = { ...model, isEmpty: false };
  switch (event.type) {
    case 'VariableCategoryCreated':
    case 'VariableCategoryUpdated': {
      const { data } = event;
      return {
        ...state,
        categories: withEntry(state.categories, data.categoryId, data),
        lastCategoryId: Math.max(state.lastCategoryId, data.categoryId),
      };
    }
    case 'VariableCategoryDeleted':
      return { ...state, categories: without(state.categories, event.data.categoryId) };
    case 'VariableDefined':
    case 'VariableUpdated': {
      const { data } = event;
      return {
        ...state,
        variables: withEntry(state.variables, data.variableId, data),
        lastVariableId: Math.max(state.lastVariableId, data.variableId),
      };
    }
    case 'VariableDeleted':
      return { ...state, variables: without(state.variables, event.data.variableId) };
    case 'VariableProportionsRedistributed':
      return { ...state, variables: redistribute(state.variables, event.data) };
    case 'ParameterTemplateCreated': {
      const { data } = event;
      return {
        ...state,
        templates: withEntry(state.templates, data.parameterId, data),
        lastParameterId: Math.max(state.lastParameterId, data.parameterId),
      };
    }
    case 'ParameterTemplateUpdated': {
      const { data } = event;
      const current = state.templates.get(data.parameterId);
      if (!current) return state;
      return { ...state, templates: withEntry(state.templates, data.parameterId, { ...data, uniqueCode: current.uniqueCode }) };
    }
    case 'ParameterTemplateDeleted':
      return { ...state, templates: without(state.templates, event.data.parameterId) };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}
