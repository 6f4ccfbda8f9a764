import type { CompiledVariable } from './compileModel';

export type ReasonKind = 'missing' | 'low_value' | 'high_value' | 'answered_no' | 'rated_low';

/** Which sentence `message` is, so a page can say it in its reader's language from `reasonParams`. */
export type ReasonSentence =
  | 'not_provided'
  | 'unreadable'
  | 'answered_no'
  | 'rated_below_best'
  | 'rated_as_below_best'
  | 'low_relative_to_maximum'
  | 'high_relative_to_range';

/** The parts of the sentence: the variable's name, and for a categorical answer the rating it got. */
export type ReasonParams = { readonly name: string; readonly rating?: string };

/** One variable that cost the client credit limit, with a sentence a loan officer can read out. */
export type ReasonCode = {
  readonly variableId: number;
  readonly uniqueCode: number;
  readonly variableName: string;
  readonly kind: ReasonKind;
  /** (1 − n) · proportion/100 · w_cl(c)/Σw_cl: the part of W_cl this variable left on the table. */
  readonly cost: number;
  readonly message: string;
  readonly reasonCode: ReasonSentence;
  readonly reasonParams: ReasonParams;
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

type Reason = Pick<ReasonCode, 'kind' | 'message' | 'reasonCode' | 'reasonParams'>;

function reasonFor(candidate: ReasonCandidate): Reason {
  const { variable, direction } = candidate.compiled;
  const name = variable.name;
  const reason = (kind: ReasonKind, reasonCode: ReasonSentence, message: string, rating?: string): Reason => ({
    kind,
    message,
    reasonCode,
    reasonParams: rating === undefined ? { name } : { name, rating },
  });
  if (candidate.status === 'missing') return reason('missing', 'not_provided', `${name} was not provided`);
  if (candidate.status === 'unreadable') return reason('missing', 'unreadable', `${name} could not be read`);
  switch (variable.responseType) {
    case 'boolean':
      return reason('answered_no', 'answered_no', `${name} is no`);
    case 'categorical':
      // A masked answer is not spelt out, even in a reason.
      return variable.mask || candidate.ratedAs === null
        ? reason('rated_low', 'rated_below_best', `${name} is rated below the best rating`)
        : reason('rated_low', 'rated_as_below_best', `${name} is rated ${candidate.ratedAs}, below the best rating`, candidate.ratedAs);
    case 'int_float':
      return direction === 'higher_is_better'
        ? reason('low_value', 'low_relative_to_maximum', `${name} is low relative to the maximum considered`)
        : reason('high_value', 'high_relative_to_range', `${name} is high relative to the range considered`);
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
