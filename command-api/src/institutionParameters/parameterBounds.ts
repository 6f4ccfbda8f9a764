import { ValidationError } from '@credit/events';
import { PARAMETER_BOUNDS, PARAMETER_CODES, scoringParameterNamed } from '@credit/scoring';

type NamedValue = { name: string; value: number };

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

export const MINIMUM_MAXIMUM_PAIRS: readonly (readonly [number, number])[] = [
  [PARAMETER_CODES.minimumCreditLimit, PARAMETER_CODES.maximumCreditLimit],
  [PARAMETER_CODES.minimumInterestRate, PARAMETER_CODES.maximumInterestRate],
];

/** Values by engine code as they would stand after the change; a minimum above its maximum inverts the scale. */
export function assertMinimumsNotAboveMaximums(byCode: ReadonlyMap<number, NamedValue>): void {
  for (const [minimumCode, maximumCode] of MINIMUM_MAXIMUM_PAIRS) {
    const minimum = byCode.get(minimumCode);
    const maximum = byCode.get(maximumCode);
    if (minimum === undefined || maximum === undefined || minimum.value <= maximum.value) continue;
    throw new ValidationError(
      `${minimum.name} (${amount(minimum.value)}) cannot be greater than ${maximum.name} (${amount(maximum.value)})`,
    );
  }
}
