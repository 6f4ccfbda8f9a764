import { ValidationError } from '@credit/events';
import { PARAMETER_BOUNDS, PARAMETER_CODES, scoringParameterNamed } from '@credit/scoring';

const amount = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 6 });

/** Beyond these the engine's result columns overflow; unlike the recommended range this refuses the value. */
export function assertWithinHardBounds(template: { name: string; uniqueCode: number }, value: number): void {
  const engineName = scoringParameterNamed(template.uniqueCode);
  if (engineName === null) return;
  const { min, max, unit } = PARAMETER_BOUNDS[engineName];
  if (value >= min && value <= max) return;
  const suffix = unit === '' ? '' : unit === 'XAF' ? ' XAF' : ` (${unit})`;
  throw new ValidationError(`${template.name} must be between ${amount(min)} and ${amount(max)}${suffix}`);
}

const MINIMUM_MAXIMUM_PAIRS: readonly (readonly [number, number])[] = [
  [PARAMETER_CODES.minimumCreditLimit, PARAMETER_CODES.maximumCreditLimit],
  [PARAMETER_CODES.minimumInterestRate, PARAMETER_CODES.maximumInterestRate],
];

/** The template the engine reads for one code of a minimum/maximum pair (the lowest id with that code). */
export type PairedTemplate = { parameterId: number; name: string; uniqueCode: number; defaultValue: number };

export function pairedTemplates(
  templates: Iterable<{ parameterId: number; name: string; uniqueCode: number; defaultValue: number }>,
): PairedTemplate[] {
  const codes = new Set(MINIMUM_MAXIMUM_PAIRS.flat());
  const byCode = new Map<number, PairedTemplate>();
  for (const template of [...templates].sort((left, right) => left.parameterId - right.parameterId)) {
    if (!codes.has(template.uniqueCode) || byCode.has(template.uniqueCode)) continue;
    const { parameterId, name, uniqueCode, defaultValue } = template;
    byCode.set(uniqueCode, { parameterId, name, uniqueCode, defaultValue });
  }
  return [...byCode.values()];
}

/**
 * Refuses a change after which a minimum would stand above its maximum (an inverted scale). Each
 * value is the one after the change (`valueAfter`), else the template's default.
 */
export function assertMinimumsNotAboveMaximums(
  pairs: readonly PairedTemplate[],
  valueAfter: (parameterId: number) => number | undefined,
): void {
  const byCode = new Map(
    pairs.map((pair) => [pair.uniqueCode, { name: pair.name, value: valueAfter(pair.parameterId) ?? pair.defaultValue }]),
  );
  for (const [minimumCode, maximumCode] of MINIMUM_MAXIMUM_PAIRS) {
    const minimum = byCode.get(minimumCode);
    const maximum = byCode.get(maximumCode);
    if (minimum === undefined || maximum === undefined || minimum.value <= maximum.value) continue;
    throw new ValidationError(
      `${minimum.name} (${amount(minimum.value)}) cannot be greater than ${maximum.name} (${amount(maximum.value)})`,
    );
  }
}
