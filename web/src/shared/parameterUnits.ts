import { formatMoney, formatNumber } from './formatting';

/** What a scoring parameter's value measures: an amount in XAF, a rate in % a year, or a score fraction (0 to 1). */
export type ParameterUnit = 'money' | 'rate' | 'fraction';

/** The engine binds parameter templates by code (scoring's PARAMETER_CODES and PARAMETER_BOUNDS units); other codes are plain numbers. */
const UNITS: Readonly<Record<number, ParameterUnit>> = {
  1001: 'money', // Minimum Credit Limit
  1002: 'money', // Maximum Credit Limit
  1003: 'rate', // Minimum Interest Rate
  1004: 'rate', // Maximum Interest Rate
  1005: 'fraction', // Minimum Score for Credit
  1006: 'rate', // Usury Rate Cap (TEG)
};

export const parameterUnit = (uniqueCode: unknown): ParameterUnit | null =>
  typeof uniqueCode === 'number' ? (UNITS[uniqueCode] ?? null) : null;

const decimals = (value: number) => (Number.isInteger(value) ? 0 : 2);

/**
 * A parameter's value as the rest of the app writes it, in the page's language: money as FCFA, a rate
 * as a percentage (as the results show rates), anything else as a grouped number.
 */
export function formatParameterValue(value: number, unit: ParameterUnit | null, language: string): string {
  if (unit === 'money') return formatMoney(value, language);
  if (unit === 'rate') return `${formatNumber(value, language, decimals(value))} %`;
  return formatNumber(value, language, decimals(value));
}
