import { normaliseCell, recordAccess, rowAccess } from './cellAccess';
import type { Cell, CellAccess } from './cellAccess';
import { isBlankCell } from './cellParsing';
import type { ClientRecord, ColumnMap, Row } from './columns';
import type { CompiledModel, CompiledVariable } from './compileModel';
import type { ResponseType } from './modelSnapshot';
import { rankReasonCodes } from './reasonCodes';
import type { ReasonCandidate, ReasonCode } from './reasonCodes';
import { scoreRecord, scoreRow } from './scoreRecord';
import type { ScoreResult } from './scoreRecord';

export const MASKED_CELL = '••••';

export type VariableStatus = 'ok' | 'missing' | 'unreadable';

export type VariableExplanation = {
  readonly variableId: number;
  readonly name: string;
  readonly uniqueCode: number;
  readonly responseType: ResponseType;
  /** The header the cell was read from, or null when no column selects the variable. */
  readonly column: string | null;
  /** As uploaded, or `••••` for a masked variable; null when blank. */
  readonly rawValue: string | null;
  readonly n: number;
  /** Percent of its category. */
  readonly proportion: number;
  /** proportion/100 · n: this variable's part of its category score. */
  readonly contribution: number;
  /** Blank or unreadable, so counted as n = 0 (or, when required, the record was rejected). */
  readonly missing: boolean;
  readonly status: VariableStatus;
};

export type CategoryExplanation = {
  readonly categoryId: number;
  readonly name: string;
  /** S_c, 0–1. */
  readonly score: number;
  readonly creditLimitWeight: number;
  readonly interestRateWeight: number;
  /** w_cl(c) · S_c / Σw_cl: this category's part of W_cl. */
  readonly creditLimitContribution: number;
  readonly interestRateContribution: number;
  /** Its part as a fraction of W_cl (0 when W_cl is 0). */
  readonly creditLimitShare: number;
  readonly interestRateShare: number;
  readonly variables: readonly VariableExplanation[];
};

export type Explanation = {
  readonly result: ScoreResult;
  readonly categories: readonly CategoryExplanation[];
  /** Up to four, costliest first; empty for a rejected record. */
  readonly reasons: readonly ReasonCode[];
};

function statusOf(cell: Cell, n: number): VariableStatus {
  if (cell === null || cell === undefined || isBlankCell(cell)) return 'missing';
  return Number.isNaN(n) ? 'unreadable' : 'ok';
}

function ratedAs(compiled: CompiledVariable, cell: Cell): string | null {
  if (compiled.variable.responseType !== 'categorical' || cell === null || cell === undefined) return null;
  const key = cell.trim().toLowerCase();
  const mapping = compiled.variable.categoryMappings?.find((m) => m.categoryName.trim().toLowerCase() === key);
  return mapping === undefined ? null : mapping.categoryName;
}

function fraction(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}

function explainCells<Source, Layout>(
  compiled: CompiledModel,
  source: Source,
  layout: Layout,
  access: CellAccess<Source, Layout>,
  result: ScoreResult,
): Explanation {
  const { variables, creditLimitWeightTotal, interestRateWeightTotal } = compiled;
  const candidates: ReasonCandidate[] = [];
  const scoredSums =
    result.status === 'scored'
      ? { creditLimit: result.sumNormalisedCreditLimitWeights, interestRate: result.sumNormalisedInterestRateWeights }
      : { creditLimit: 0, interestRate: 0 };

  const categories = compiled.categories.map((category): CategoryExplanation => {
    const explained: VariableExplanation[] = [];
    let score = 0;
    for (let i = category.firstVariable; i < category.endVariable; i++) {
      const variable = variables[i];
      const cell = access.cell(source, layout, i, variable);
      const normalised = normaliseCell(variable, cell);
      const status = statusOf(cell, normalised);
      const n = Number.isNaN(normalised) ? 0 : normalised;
      // Same operations in the same order as scoring, so S_c matches it bit for bit.
      if (!Number.isNaN(normalised)) score += variable.share * normalised;
      const present = status !== 'missing';
      explained.push({
        variableId: variable.variable.id,
        name: variable.variable.name,
        uniqueCode: variable.variable.uniqueCode,
        responseType: variable.variable.responseType,
        column: cell === undefined ? null : access.header(source, layout, i, variable),
        rawValue: !present ? null : variable.variable.mask ? MASKED_CELL : (cell as string),
        n,
        proportion: variable.variable.proportion,
        contribution: variable.share * n,
        missing: status !== 'ok',
        status,
      });
      candidates.push({
        compiled: variable,
        n,
        status,
        ratedAs: ratedAs(variable, cell),
        cost: (1 - n) * variable.share * fraction(category.creditLimitWeight, creditLimitWeightTotal),
      });
    }
    const creditLimitContribution = fraction(category.creditLimitWeight * score, creditLimitWeightTotal);
    const interestRateContribution = fraction(category.interestRateWeight * score, interestRateWeightTotal);
    return {
      categoryId: category.category.id,
      name: category.category.name,
      score,
      creditLimitWeight: category.creditLimitWeight,
      interestRateWeight: category.interestRateWeight,
      creditLimitContribution,
      interestRateContribution,
      creditLimitShare: fraction(creditLimitContribution, scoredSums.creditLimit),
      interestRateShare: fraction(interestRateContribution, scoredSums.interestRate),
      variables: explained,
    };
  });

  return { result, categories, reasons: result.status === 'scored' ? rankReasonCodes(candidates) : [] };
}

/** The breakdown behind one record's score, for the client detail screen; kept off the scoring path. */
export function explain(compiled: CompiledModel, record: ClientRecord): Explanation {
  return explainCells(compiled, record, null, recordAccess, scoreRecord(compiled, record));
}

export function explainRow(compiled: CompiledModel, columns: ColumnMap, row: Row): Explanation {
  return explainCells(compiled, row, columns, rowAccess, scoreRow(compiled, columns, row));
}
