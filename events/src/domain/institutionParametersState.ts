import type { ParameterEvent } from './parameterEvents';

export type StoredParameterValue = { valueId: number; parameterId: number; value: number };

/** One institution's own parameter values, by template id; a template without one uses its default. */
export type InstitutionParameters = { values: ReadonlyMap<number, StoredParameterValue> };

export const initialInstitutionParameters = (): InstitutionParameters => ({ values: new Map() });

export function evolveInstitutionParameters(state: InstitutionParameters, event: ParameterEvent): InstitutionParameters {
  switch (event.type) {
    case 'InstitutionParametersSet': {
      const values = new Map(state.values);
      for (const change of event.data.changes) {
        values.set(change.parameterId, { valueId: change.valueId, parameterId: change.parameterId, value: change.value });
      }
      return { values };
    }
    case 'InstitutionParameterValueRemoved': {
      const values = new Map(state.values);
      values.delete(event.data.parameterId);
      return { values };
    }
    // Keeping the values as they stand changes none of them.
    case 'InstitutionParametersConfirmed':
      return state;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}
