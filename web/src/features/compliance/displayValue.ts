import type { TFunction } from 'i18next';
import { formatParameterValue, type ParameterUnit } from '../../shared/parameterUnits';

/**
 * A field's value as the difference shows it: mappings as name = value, yes/no, a dash for nothing;
 * given the page's language, a number in its format (money, a rate or a figure, by `unit`).
 */
export function displayValue(value: unknown, t: TFunction, language?: string, unit: ParameterUnit | null = null): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? t('compliance.yes') : t('compliance.no');
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    return value
      .map((item) =>
        item && typeof item === 'object' && 'categoryName' in item && 'numericValue' in item
          ? `${String(item.categoryName)} = ${displayValue(item.numericValue, t, language)}`
          : displayValue(item, t, language),
      )
      .join(', ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'number' && language) return formatParameterValue(value, unit, language);
  return String(value);
}
