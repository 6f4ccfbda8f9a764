import type { TFunction } from 'i18next';

/** A field's value as the difference shows it: mappings as name = value, yes/no, a dash for nothing. */
export function displayValue(value: unknown, t: TFunction): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? t('compliance.yes') : t('compliance.no');
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    return value
      .map((item) =>
        item && typeof item === 'object' && 'categoryName' in item && 'numericValue' in item
          ? `${String(item.categoryName)} = ${String(item.numericValue)}`
          : displayValue(item, t),
      )
      .join(', ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
