/** The numeric bounds of a recommended range text such as "10 000 - 500 000 XAF" or "0.20 - 0.50", or null. */
export function rangeOf(text: string): { min: number; max: number } | null {
  const match = /(-?[\d\s.,]+?)\s*[-–]\s*(-?[\d\s.,]+)/.exec(text);
  if (!match) return null;
  const number = (part: string) => Number(part.replace(/[\s,]/g, ''));
  const min = number(match[1]);
  const max = number(match[2]);
  return Number.isFinite(min) && Number.isFinite(max) && min <= max ? { min, max } : null;
}
