import type { CompiledVariable } from './compileModel';

export type ReasonKind = 'missing' | 'low_value' | 'high_value' | 'answered_no' | 'rated_low';

/** One variable that cost the client credit limit, with a sentence a loan officer can read out. */
export type ReasonCode = {
  readonly variableId: number;
  readonly uniqueCode: number;
  readonly variableName: string;
  readonly kind: ReasonKind;
  /** (1 − n) · proportion/100 · w_cl(c)/Σw_cl: the part of W_cl this variable left on the table. */
  readonly cost: number;
  readonly message: string;
};

export const MAX_REASON_CODES = 4;

/** What explain knows about one variable when it ranks reasons. */
export type ReasonCandidate = {
  readonly compiled: CompiledVariable;
  readonly n: number;
  readonly status: 'ok' | 'missing' | 'unreadable';
  /** The matching mapping's name for a categorical cell. */
  readonly ratedAs: string | null;
  readonly cost: number;
};

function reasonFor(candidate: ReasonCandidate): { kind: ReasonKind; message: string } {
  const { variable, direction } = candidate.compiled;
  const name = variable.name;
  if (candidate.status === 'missing') return { kind: 'missing', message: `${name} was not provided` };
  if (candidate.status === 'unreadable') return { kind: 'missing', message: `${name} could not be read` };
  switch (variable.responseType) {
    case 'boolean':
      return { kind: 'answered_no', message: `${name} is no` };
    case 'categorical':
      // A masked answer is not spelt out, even in a reason.
      return {
        kind: 'rated_low',
        message:
          variable.mask || candidate.ratedAs === null
            ? `${name} is rated below the best rating`
            : `${name} is rated ${candidate.ratedAs}, below the best rating`,
      };
    case 'int_float':
      return direction === 'higher_is_better'
        ? { kind: 'low_value', message: `${name} is low relative to the maximum considered` }
        : { kind: 'high_value', message: `${name} is high relative to the range considered` };
  }
}

/** The variables that cost the most, highest first, ties by variable id; costless ones are left out. */
export function rankReasonCodes(candidates: readonly ReasonCandidate[]): ReasonCode[] {
  return candidates
    .filter((candidate) => candidate.cost > 0)
    .sort((left, right) => right.cost - left.cost || left.compiled.variable.id - right.compiled.variable.id)
    .slice(0, MAX_REASON_CODES)
    .map((candidate) => ({
      variableId: candidate.compiled.variable.id,
      uniqueCode: candidate.compiled.variable.uniqueCode,
      variableName: candidate.compiled.variable.name,
      cost: candidate.cost,
      ...reasonFor(candidate),
    }));
}
