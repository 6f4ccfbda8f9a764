/** A bound as people write them: `10 000`, `1,000,000`, `0.25`, `0,25`. */
function bound(text: string): number {
  let compact = text.replace(/[\s\u00a0\u202f]/g, '');
  if (compact.includes(',') && compact.includes('.')) compact = compact.replace(/,/g, '');
  else if (/^-?\d{1,3}(,\d{3})+$/.test(compact)) compact = compact.replace(/,/g, '');
  else compact = compact.replace(',', '.');
  return Number(compact);
}

const NUMBER = String.raw`-?\d[\d\s\u00a0\u202f,.]*`;
const RANGE = new RegExp(String.raw`^\s*(${NUMBER})\s*(?:-|–|—|to|à)\s*(${NUMBER})`, 'i');

/** The numeric bounds of a recommended range such as `0-100` or `10 000 - 500 000 XAF`; null when it has none. */
export function parseRecommendedRange(range: string): { min: number; max: number } | null {
  const match = RANGE.exec(range);
  if (!match || match[1].trim() === '') return null;
  const min = bound(match[1]);
  const max = bound(match[2]);
  if (!Number.isFinite(min) || !Number.isFinite(max) || min > max) return null;
  return { min, max };
}

export type RangeWarning = { parameterId: number; name: string; value: number; recommendedRange: string; message: string };

/** Values outside the recommended range are accepted; the answer only says so. */
export function rangeWarning(
  template: { parameterId: number; name: string; recommendedRange: string },
  value: number,
): RangeWarning | null {
  const range = parseRecommendedRange(template.recommendedRange);
  if (range === null || (value >= range.min && value <= range.max)) return null;
  return {
    parameterId: template.parameterId,
    name: template.name,
    value,
    recommendedRange: template.recommendedRange,
    message: `${template.name}: ${value} is outside the recommended range (${template.recommendedRange})`,
  };
}
