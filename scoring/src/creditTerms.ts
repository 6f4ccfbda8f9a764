import { clampUnit } from './unitInterval';
import { roundHalfAwayFromZero } from './roundHalfAwayFromZero';
import { PARAMETER_BOUNDS, type ScoringParameters } from './scoringParameters';

const clamp = clampUnit;
const round = roundHalfAwayFromZero;
const LIMIT = PARAMETER_BOUNDS.maximumCreditLimit;
const RATE = PARAMETER_BOUNDS.maximumInterestRate;

/** Parameters arrive bounded already; this keeps a hand-built set from overflowing the result columns too. */
const within = (value: number, { min, max }: { min: number; max: number }) => Math.min(Math.max(value, min), max);

/**
 * Σ w·S_c / Σ w, where weightedScores is already Σ w·S_c; a sum over no weight is 0. Clamped to
 * [0, 1] so that float noise, or proportions that overshoot 100, cannot push a limit past its maximum.
 */
export function weightedSum(weightedScores: number, weightTotal: number): number {
  return weightTotal > 0 ? clamp(weightedScores / weightTotal) : 0;
}

/** Whole francs: XAF has no minor unit. */
export function creditLimitFor(creditLimitWeightSum: number, parameters: ScoringParameters): number {
  if (creditLimitWeightSum < parameters.minimumScoreForCredit) return 0;
  const { minimumCreditLimit, maximumCreditLimit } = parameters;
  return within(round(minimumCreditLimit + creditLimitWeightSum * (maximumCreditLimit - minimumCreditLimit)), LIMIT);
}

/** Percent a year, 2 decimals; the usury cap (CEMAC TEG) applies when one is set. */
export function interestRateFor(interestRateWeightSum: number, parameters: ScoringParameters): number {
  const { minimumInterestRate, maximumInterestRate, usuryRateCap } = parameters;
  const rate = maximumInterestRate - interestRateWeightSum * (maximumInterestRate - minimumInterestRate);
  return within(round(usuryRateCap > 0 && rate > usuryRateCap ? usuryRateCap : rate, 2), RATE);
}
