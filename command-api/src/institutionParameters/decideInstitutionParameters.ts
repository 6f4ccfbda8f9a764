import {
  evolveInstitutionParameters,
  initialInstitutionParameters,
  isEventOf,
  NotFoundError,
  parameterEvents,
  ValidationError,
  type InstitutionParameters,
  type ParameterChange,
  type ParameterEvent,
} from '@credit/events';
import type { Decider } from '../commandHandling';
import { assertMinimumsNotAboveMaximums, type PairedTemplate } from './parameterBounds';

/**
 * A value for one template, with the template's name, code and default as they stand now: the name and
 * code for the history, the default for what the institution has while it stores no value of its own.
 */
export type ParameterEntry = {
  parameterId: number;
  valueId: number;
  parameterName: string;
  uniqueCode: number;
  defaultValue: number;
  value: number;
};

/**
 * `pairs` are the minimum/maximum templates of the model as it stands: the pair check runs here,
 * against the stream's state at the moment of the append, so two requests racing cannot invert a pair.
 */
export type InstitutionParametersCommand =
  | { type: 'SetParameterValues'; institutionId: number; reason: 'set' | 'reset'; entries: ParameterEntry[]; pairs: PairedTemplate[] }
  | {
      type: 'RemoveParameterValue';
      institutionId: number;
      parameterId: number;
      parameterName: string;
      uniqueCode: number;
      pairs: PairedTemplate[];
    };

export function decideInstitutionParameters(command: InstitutionParametersCommand, state: InstitutionParameters): ParameterEvent[] {
  switch (command.type) {
    case 'SetParameterValues': {
      const seen = new Set<number>();
      const changes: ParameterChange[] = [];
      for (const entry of command.entries) {
        if (seen.has(entry.parameterId)) throw new ValidationError(`Parameter ${entry.parameterId} appears more than once`);
        seen.add(entry.parameterId);
        const current = state.values.get(entry.parameterId);
        // Saving the value the institution already has (its own, else the template's default) changes nothing:
        // no history line, and no stored value that would stop it following a later change of the default.
        if ((current?.value ?? entry.defaultValue) === entry.value) continue;
        changes.push({
          valueId: current?.valueId ?? entry.valueId,
          parameterId: entry.parameterId,
          parameterName: entry.parameterName,
          uniqueCode: entry.uniqueCode,
          oldValue: current?.value ?? null,
          value: entry.value,
        });
      }
      const sent = new Map(command.entries.map((entry) => [entry.parameterId, entry.value]));
      assertMinimumsNotAboveMaximums(command.pairs, (parameterId) => sent.get(parameterId) ?? state.values.get(parameterId)?.value);
      if (changes.length > 0) {
        return [{ type: 'InstitutionParametersSet', data: { institutionId: command.institutionId, reason: command.reason, changes } }];
      }
      // Saving the form unchanged is the institution confirming its values as they stand (a reviewed
      // default is a decision too); a reset with nothing to reset did not review anything.
      return command.reason === 'set' ? [{ type: 'InstitutionParametersConfirmed', data: { institutionId: command.institutionId } }] : [];
    }
    case 'RemoveParameterValue': {
      const current = state.values.get(command.parameterId);
      if (!current) throw new NotFoundError('Parameter value not found');
      // Removing a value brings back the template's default, which must not invert its pair either.
      assertMinimumsNotAboveMaximums(command.pairs, (parameterId) =>
        parameterId === command.parameterId ? undefined : state.values.get(parameterId)?.value,
      );
      const { institutionId, parameterId, parameterName, uniqueCode } = command;
      return [
        {
          type: 'InstitutionParameterValueRemoved',
          data: { institutionId, valueId: current.valueId, parameterId, parameterName, uniqueCode, oldValue: current.value },
        },
      ];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const institutionParametersDecider: Decider<InstitutionParameters, InstitutionParametersCommand, ParameterEvent> = {
  isEvent: isEventOf(parameterEvents),
  initialState: initialInstitutionParameters,
  evolve: evolveInstitutionParameters,
  decide: decideInstitutionParameters,
};
