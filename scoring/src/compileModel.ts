import type { Direction } from './normalisation';
import { compileNormaliser } from './normalisation';
import type { InstitutionParameterValues, ModelSnapshot, Variable, VariableCategory } from './modelSnapshot';
import { resolveScoringParameters } from './scoringParameters';
import type { ScoringParameters } from './scoringParameters';

export type CompiledVariable = {
  readonly variable: Variable;
  /** n in [0, 1] for a readable cell; NaN for a blank or unreadable one. */
  readonly normalise: (cell: string) => number;
  readonly direction: Direction;
  readonly isRequired: boolean;
  /** proportion / 100 */
  readonly share: number;
  /** Headers that select this variable, trimmed and lower-cased: its name and its unique code. */
  readonly nameHeader: string;
  readonly codeHeader: string;
};

export type CompiledCategory = {
  readonly category: VariableCategory;
  readonly creditLimitWeight: number;
  readonly interestRateWeight: number;
  /** The category's variables are compiled.variables[firstVariable .. endVariable). */
  readonly firstVariable: number;
  readonly endVariable: number;
};

export type CompiledModel = {
  readonly modelVersion: number;
  /** Active variables of participating categories, grouped by category, each group in id order. */
  readonly variables: readonly CompiledVariable[];
  /** Categories holding at least one active variable, in id order. */
  readonly categories: readonly CompiledCategory[];
  readonly creditLimitWeightTotal: number;
  readonly interestRateWeightTotal: number;
  readonly parameters: ScoringParameters;
};

export type ModelCompileProblem = { readonly variableId: number; readonly variableName: string; readonly reason: string };

export class ModelCompileError extends Error {
  constructor(readonly problems: readonly ModelCompileProblem[]) {
    super(`The model cannot be compiled: ${problems.map((p) => `${p.variableName}: ${p.reason}`).join('; ')}`);
    this.name = 'ModelCompileError';
  }
}

export function headerKey(header: string): string {
  return header.trim().toLowerCase();
}

function byId<T extends { readonly id: number }>(left: T, right: T): number {
  return left.id - right.id;
}

/**
 * Compiles every formula once. Categories and variables are put in id order whatever order the
 * snapshot lists them in, because float sums depend on order and replays must match bit for bit.
 * A variable whose category is not in the snapshot has no weight to count toward, so it is left out.
 */
export function compileModel(snapshot: ModelSnapshot, institutionParameterValues: InstitutionParameterValues = {}): CompiledModel {
  const variables: CompiledVariable[] = [];
  const categories: CompiledCategory[] = [];
  const problems: ModelCompileProblem[] = [];
  const activeVariables = snapshot.variables.filter((variable) => variable.isActive).sort(byId);
  let creditLimitWeightTotal = 0;
  let interestRateWeightTotal = 0;

  for (const category of [...snapshot.categories].sort(byId)) {
    const firstVariable = variables.length;
    for (const variable of activeVariables) {
      if (variable.categoryId !== category.id) continue;
      const compiled = compileNormaliser(variable);
      if (!compiled.ok) {
        problems.push({ variableId: variable.id, variableName: variable.name, reason: compiled.reason });
        continue;
      }
      variables.push({
        variable,
        normalise: compiled.normaliser.normalise,
        direction: compiled.normaliser.direction,
        isRequired: variable.isRequired,
        share: variable.proportion / 100,
        nameHeader: headerKey(variable.name),
        codeHeader: headerKey(String(variable.uniqueCode)),
      });
    }
    if (variables.length === firstVariable) continue;
    categories.push({
      category,
      creditLimitWeight: category.creditLimitWeight,
      interestRateWeight: category.interestRateWeight,
      firstVariable,
      endVariable: variables.length,
    });
    creditLimitWeightTotal += category.creditLimitWeight;
    interestRateWeightTotal += category.interestRateWeight;
  }
  if (problems.length > 0) throw new ModelCompileError(problems);

  return {
    modelVersion: snapshot.version,
    variables,
    categories,
    creditLimitWeightTotal,
    interestRateWeightTotal,
    parameters: resolveScoringParameters(snapshot.parameterTemplates, institutionParameterValues),
  };
}
