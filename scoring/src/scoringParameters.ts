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

function usable(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** The institution's value where it set one, else the template's default, else the built-in default. */
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
  }
  return resolved;
}
