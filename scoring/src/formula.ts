import { compileExpression } from 'filtrex';
import { checkFormulaNames } from './formulaNames';
import { linear } from './unitInterval';

export type FormulaRange = { readonly minValue: number; readonly maxValue: number };

export type FormulaCheck = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** Evaluates the formula for one value; NaN when it yields no number. */
export type FormulaFunction = (value: number) => number;

export type CompiledFormula = { readonly ok: true; readonly evaluate: FormulaFunction } | { readonly ok: false; readonly reason: string };

export type FormulaTrial = { readonly ok: true; readonly result: number } | { readonly ok: false; readonly reason: string };

const MAX_FORMULA_LENGTH = 1000;

class FormulaNameError extends ReferenceError {}

/** filtrex hands back runtime errors (unknown name, wrong type) as the result instead of throwing. */
type RawFormula = (value: number) => unknown;

const TOKEN_DESCRIPTIONS: Readonly<Record<string, string>> = {
  EndOfExpression: 'the formula ends too early',
  Symbol: 'unexpected name',
  Number: 'unexpected number',
  String: 'unexpected text',
};

function syntaxReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const caretLine = message.split('\n').find((line) => /^-*\^$/.test(line));
  const where = caretLine === undefined ? '' : ` at character ${caretLine.length}`;
  const got = /got '([^']+)'/.exec(message);
  if (got === null) return `Syntax error${where}: unrecognised text`;
  return `Syntax error${where}: ${TOKEN_DESCRIPTIONS[got[1]] ?? `unexpected "${got[1]}"`}`;
}

/** Throws filtrex's parse error on bad syntax. */
function compileRaw(formula: string, range: FormulaRange): RawFormula {
  // The one object filtrex reads `value` from, reused so that evaluation allocates nothing.
  const holder = { value: 0 };
  const run = compileExpression(formula, {
    constants: {
      min_value: range.minValue,
      max_value: range.maxValue,
      minValue: range.minValue,
      maxValue: range.maxValue,
    },
    extraFunctions: { exp: Math.exp },
    // Also the only way in for `x of y` and quoted names, so both stay inside the allowed names.
    customProp: (name: string, _get: unknown, data: unknown) => {
      if (data === holder && name === 'value') return holder.value;
      throw new FormulaNameError(`Unknown name "${name}"`);
    },
  }) as (data: { value: number }) => unknown;
  return (value: number) => {
    holder.value = value;
    return run(holder);
  };
}

function compileChecked(formula: string, range: FormulaRange): { ok: true; raw: RawFormula } | { ok: false; reason: string } {
  if (formula.length > MAX_FORMULA_LENGTH) {
    return { ok: false, reason: `A formula may be at most ${MAX_FORMULA_LENGTH} characters long` };
  }
  let raw: RawFormula;
  try {
    raw = compileRaw(formula, range);
  } catch (error) {
    return { ok: false, reason: syntaxReason(error) };
  }
  const rejected = checkFormulaNames(formula);
  return rejected === null ? { ok: true, raw } : { ok: false, reason: rejected };
}

function trial(raw: RawFormula, value: number): FormulaTrial {
  const result = raw(value);
  if (result instanceof Error) return { ok: false, reason: result.message };
  if (typeof result !== 'number') return { ok: false, reason: `the result is not a number (got ${typeof result})` };
  return { ok: true, result };
}

export function isDefaultFormula(formula: string | null | undefined): boolean {
  return formula === null || formula === undefined || formula.trim() === '';
}

/** Compiles a non-empty formula with min_value and max_value fixed to the variable's range. */
export function compileFormula(formula: string, range: FormulaRange): CompiledFormula {
  const compiled = compileChecked(formula, range);
  if (!compiled.ok) return compiled;
  const { raw } = compiled;
  return {
    ok: true,
    evaluate: (value: number) => {
      const result = raw(value);
      return typeof result === 'number' ? result : NaN;
    },
  };
}

/**
 * A formula is accepted when it parses, names only allowed names and functions, and gives a finite
 * number at the variable's minimum, midpoint and maximum. An empty formula means the default.
 */
export function validateFormula(formula: string | null | undefined, range: FormulaRange): FormulaCheck {
  if (!Number.isFinite(range.minValue) || !Number.isFinite(range.maxValue)) {
    return { ok: false, reason: 'Minimum and maximum values must be finite numbers' };
  }
  if (formula === null || formula === undefined || isDefaultFormula(formula)) return { ok: true };
  const compiled = compileChecked(formula, range);
  if (!compiled.ok) return compiled;
  const trials: readonly (readonly [string, number])[] = [
    ['minimum', range.minValue],
    ['midpoint', (range.minValue + range.maxValue) / 2],
    ['maximum', range.maxValue],
  ];
  for (const [label, value] of trials) {
    const outcome = trial(compiled.raw, value);
    if (!outcome.ok) return { ok: false, reason: `At the ${label} (${value}): ${outcome.reason}` };
    if (!Number.isFinite(outcome.result)) {
      return { ok: false, reason: `At the ${label} (${value}) the result is not a finite number (${outcome.result})` };
    }
  }
  return { ok: true };
}

/** The formula's unclamped result for one value, as the formula screen's test shows it. */
export function evaluateFormula(formula: string | null | undefined, range: FormulaRange, value: number): FormulaTrial {
  if (formula === null || formula === undefined || isDefaultFormula(formula)) {
    return { ok: true, result: linear(value, range.minValue, range.maxValue) };
  }
  const compiled = compileChecked(formula, range);
  return compiled.ok ? trial(compiled.raw, value) : compiled;
}
