import type { InstitutionParameterValues, ParameterTemplate } from './modelSnapshot';

/** The engine binds parameter templates by these codes; names and defaults stay editable. */
export const PARAMETER_CODES = {
  minimumCreditLimit: 1001,
  maximumCreditLimit: 1002,
  minimumInterestRate: 1003,
  maximumInterestRate: 1004,
  minimumScoreForCredit: 1005,
  usuryRateCap: 1006,
} as const;

export type ScoringParameterName = keyof typeof PARAMETER_CODES;

export type ScoringParameters = { readonly [name in ScoringParameterName]: number };

/** Used only when the snapshot holds no template for a code at all. */
export const BUILT_IN_PARAMETER_DEFAULTS: ScoringParameters = {
  minimumCreditLimit: 50_000,
  maximumCreditLimit: 5_000_000,
  minimumInterestRate: 8,
  maximumInterestRate: 24,
  minimumScoreForCredit: 0.3,
  usuryRateCap: 0,
};

/**
 * Hard bounds per code: result columns hold whole francs up to 10^12 and rates up to 100 % a year, so
 * a value beyond them (even in an old event) would overflow the row and stop scoring for everyone.
 */
export const PARAMETER_BOUNDS: { readonly [name in ScoringParameterName]: { min: number; max: number; unit: string } } = {
  minimumCreditLimit: { min: 0, max: 1e12, unit: 'XAF' },
  maximumCreditLimit: { min: 0, max: 1e12, unit: 'XAF' },
  minimumInterestRate: { min: 0, max: 100, unit: '% a year' },
  maximumInterestRate: { min: 0, max: 100, unit: '% a year' },
  minimumScoreForCredit: { min: 0, max: 1, unit: '' },
  usuryRateCap: { min: 0, max: 100, unit: '% a year' },
};

/** The engine's name for a template code, or null for a code the engine does not read. */
export function scoringParameterNamed(code: number): ScoringParameterName | null {
  const names = Object.keys(PARAMETER_CODES) as ScoringParameterName[];
  return names.find((name) => PARAMETER_CODES[name] === code) ?? null;
}

function withinBounds(name: ScoringParameterName, value: number): number {
  const { min, max } = PARAMETER_BOUNDS[name];
  return Math.min(Math.max(value, min), max);
}

function usable(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** The institution's value where it set one, else the template's default, else the built-in default; held within the hard bounds. */
export function resolveScoringParameters(
  templates: readonly ParameterTemplate[],
  values: InstitutionParameterValues = {},
): ScoringParameters {
  const resolved: { [name in ScoringParameterName]: number } = { ...BUILT_IN_PARAMETER_DEFAULTS };
  for (const name of Object.keys(PARAMETER_CODES) as ScoringParameterName[]) {
    const code = PARAMETER_CODES[name];
    const template = templates.filter((candidate) => candidate.uniqueCode === code).sort((left, right) => left.id - right.id)[0];
    const byId = template === undefined ? undefined : values.byTemplateId?.[template.id];
    const byCode = values.byCode?.[code];
    if (usable(byId)) resolved[name] = byId;
    else if (usable(byCode)) resolved[name] = byCode;
    else if (template !== undefined && usable(template.defaultValue)) resolved[name] = template.defaultValue;
    resolved[name] = withinBounds(name, resolved[name]);
  }
  return resolved;
}
