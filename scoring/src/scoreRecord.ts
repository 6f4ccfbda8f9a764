import { normaliseCell, recordAccess, rowAccess } from './cellAccess';
import type { CellAccess } from './cellAccess';
import type { ClientRecord, ColumnMap, Row } from './columns';
import type { CompiledModel } from './compileModel';
import { creditLimitFor, interestRateFor, weightedSum } from './creditTerms';
import { cellProblem } from './normalisation';

// tsx turns every imported function into a double getter; the per-record calls use these bound once.
const creditLimit = creditLimitFor;
const interestRate = interestRateFor;
const weighted = weightedSum;

/** Why a required cell could not be used: no value at all, or a value the variable cannot read. */
export type CellProblem = 'missing' | 'unreadable';

export type CellError = {
  /** The upload's header for the cell, or the variable's name when no header selects it. */
  readonly column: string;
  /** The variable's name in the model, whatever the header. */
  readonly variable: string;
  readonly problem: CellProblem;
  /** In English: 'missing', or what is wrong with the value. */
  readonly reason: string;
};

export type ScoredRecord = {
  readonly status: 'scored';
  readonly modelVersion: number;
  /** Whole XAF. */
  readonly creditLimit: number;
  /** Percent a year, 2 decimals. */
  readonly interestRate: number;
  /** W_cl, a fraction 0–1. */
  readonly sumNormalisedCreditLimitWeights: number;
  /** W_ir, a fraction 0–1. */
  readonly sumNormalisedInterestRateWeights: number;
};

export type RejectedRecord = {
  readonly status: 'rejected';
  readonly modelVersion: number;
  /** Every required column that is missing or unreadable. */
  readonly errors: readonly CellError[];
};

export type ScoreResult = ScoredRecord | RejectedRecord;

function scoreCells<Source, Layout>(
  compiled: CompiledModel,
  source: Source,
  layout: Layout,
  access: CellAccess<Source, Layout>,
): ScoreResult {
  const { variables, categories } = compiled;
  let creditLimitScores = 0;
  let interestRateScores = 0;
  let rejected = false;
  for (let c = 0; c < categories.length; c++) {
    const category = categories[c];
    let score = 0;
    for (let i = category.firstVariable; i < category.endVariable; i++) {
      const variable = variables[i];
      const cell = access.cell(source, layout, i, variable);
      // normaliseCell inlined by hand: this is the one loop that runs per cell.
      const n = cell === undefined || cell === null ? NaN : variable.normalise(cell);
      // An optional blank or unreadable cell counts n = 0, which adds nothing.
      if (n === n) score += variable.share * n;
      else if (variable.isRequired) rejected = true;
    }
    creditLimitScores += category.creditLimitWeight * score;
    interestRateScores += category.interestRateWeight * score;
  }
  if (rejected) {
    const errors: CellError[] = [];
    variables.forEach((variable, index) => {
      const cell = access.cell(source, layout, index, variable);
      if (variable.isRequired && Number.isNaN(normaliseCell(variable, cell))) {
        const reason = cellProblem(variable.variable, cell);
        errors.push({
          column: access.header(source, layout, index, variable),
          variable: variable.variable.name,
          problem: reason === 'missing' ? 'missing' : 'unreadable',
          reason,
        });
      }
    });
    return { status: 'rejected', modelVersion: compiled.modelVersion, errors };
  }
  const creditLimitWeightSum = weighted(creditLimitScores, compiled.creditLimitWeightTotal);
  const interestRateWeightSum = weighted(interestRateScores, compiled.interestRateWeightTotal);
  return {
    status: 'scored',
    modelVersion: compiled.modelVersion,
    creditLimit: creditLimit(creditLimitWeightSum, compiled.parameters),
    interestRate: interestRate(interestRateWeightSum, compiled.parameters),
    sumNormalisedCreditLimitWeights: creditLimitWeightSum,
    sumNormalisedInterestRateWeights: interestRateWeightSum,
  };
}

/** Scores one record keyed by column header (the variable's name or unique code, any case). */
export function scoreRecord(compiled: CompiledModel, record: ClientRecord): ScoreResult {
  return scoreCells(compiled, record, null, recordAccess);
}

/** Scores one row of an upload whose headers were resolved once with resolveColumns. */
export function scoreRow(compiled: CompiledModel, columns: ColumnMap, row: Row): ScoreResult {
  if (columns.model !== compiled) throw new Error('The column map was resolved for another compiled model');
  return scoreCells(compiled, row, columns, rowAccess);
}
