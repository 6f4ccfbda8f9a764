import { isBlankCell, parseDecimal, parseYesNo } from './cellParsing';
import { compileFormula, isDefaultFormula } from './formula';
import type { Variable } from './modelSnapshot';
import { clampUnit, linear } from './unitInterval';

export type NormalisationInput = Pick<Variable, 'responseType' | 'minValue' | 'maxValue' | 'normalisationFormula' | 'categoryMappings'>;

export type Direction = 'higher_is_better' | 'lower_is_better';

export type Normaliser = {
  /** n in [0, 1] for a readable cell; NaN for a blank or unreadable one. */
  readonly normalise: (cell: string) => number;
  readonly direction: Direction;
};

export type CompiledNormaliser = { readonly ok: true; readonly normaliser: Normaliser } | { readonly ok: false; readonly reason: string };

function numericNormaliser(input: NormalisationInput): CompiledNormaliser {
  const { minValue, maxValue, normalisationFormula } = input;
  // Bound once: tsx compiles each imported function into a double getter, and these run per cell.
  const parse = parseDecimal;
  const clamp = clampUnit;
  if (isDefaultFormula(normalisationFormula)) {
    // The default formula is most variables' formula, so it skips the expression engine.
    const range = maxValue - minValue;
    const normalise =
      range > 0
        ? (cell: string): number => {
            const value = parse(cell);
            return value === value ? clamp((value - minValue) / range) : NaN;
          }
        : (cell: string): number => {
            const value = parse(cell);
            return value === value ? (value >= maxValue ? 1 : 0) : NaN;
          };
    return { ok: true, normaliser: { normalise, direction: 'higher_is_better' } };
  }
  const compiled = compileFormula(normalisationFormula as string, { minValue, maxValue });
  if (!compiled.ok) return compiled;
  const formula = compiled.evaluate;
  const direction: Direction = formula(maxValue) >= formula(minValue) ? 'higher_is_better' : 'lower_is_better';
  const normalise = (cell: string): number => {
    const value = parse(cell);
    return value === value ? clamp(formula(value)) : NaN;
  };
  return { ok: true, normaliser: { normalise, direction } };
}

function categoricalNormaliser(input: NormalisationInput): Normaliser {
  const exact = new Map<string, number>();
  const folded = new Map<string, number>();
  for (const mapping of input.categoryMappings ?? []) {
    const n = clampUnit(linear(mapping.numericValue, input.minValue, input.maxValue));
    const key = mapping.categoryName.trim().toLowerCase();
    if (key === '' || folded.has(key)) continue;
    folded.set(key, n);
    exact.set(mapping.categoryName, n);
  }
  const normalise = (cell: string): number => {
    const n = exact.get(cell) ?? folded.get(cell.trim().toLowerCase());
    return n === undefined ? NaN : n;
  };
  return { normalise, direction: 'higher_is_better' };
}

export function compileNormaliser(input: NormalisationInput): CompiledNormaliser {
  switch (input.responseType) {
    case 'int_float':
      return numericNormaliser(input);
    case 'boolean':
      return { ok: true, normaliser: { normalise: parseYesNo, direction: 'higher_is_better' } };
    case 'categorical':
      return { ok: true, normaliser: categoricalNormaliser(input) };
    default: {
      const unknown: never = input.responseType;
      return { ok: false, reason: `Unknown response type "${String(unknown)}"` };
    }
  }
}

const ACCEPTED_YES_NO = 'true/false, yes/no, 1/0, oui/non, vrai/faux';

/** Why a cell could not be read, without echoing a masked value. */
export function cellProblem(variable: NormalisationInput & { readonly mask?: boolean }, cell: string | null | undefined): string {
  if (cell === null || cell === undefined || isBlankCell(cell)) return 'missing';
  const shown = variable.mask ? 'the value' : `"${cell.trim()}"`;
  switch (variable.responseType) {
    case 'int_float':
      return `${shown} is not a number`;
    case 'boolean':
      return `${shown} is not a yes/no answer (accepted: ${ACCEPTED_YES_NO})`;
    case 'categorical': {
      const names = (variable.categoryMappings ?? []).map((mapping) => mapping.categoryName);
      return `${shown} is not one of: ${names.join(', ')}`;
    }
  }
}

export type NormalisationTrial = { readonly ok: true; readonly n: number } | { readonly ok: false; readonly reason: string };

/** n for one test value of a variable, for the formula screen's "test normalisation". */
export function testNormalisation(variable: NormalisationInput, testValue: string | number): NormalisationTrial {
  const compiled = compileNormaliser(variable);
  if (!compiled.ok) return compiled;
  const cell = String(testValue);
  const n = compiled.normaliser.normalise(cell);
  return n === n ? { ok: true, n } : { ok: false, reason: cellProblem(variable, cell) };
}
