import { formatNumber } from './formatting';

/**
 * A number field's text both ways: a value kept as plain text ("5000000", "0.3") is shown grouped in the
 * page's language ("5,000,000", "5 000 000", "0,3"), and what a person types in either language's way is
 * read back as plain text. Invalid text is left as typed, for the form's own check to name.
 */
export function groupedNumber(plain: string, language: string): string {
  const value = Number(plain);
  if (plain.trim() === '' || !Number.isFinite(value)) return plain;
  const decimals = plain.includes('.') ? plain.split('.')[1].length : 0;
  return formatNumber(value, language, decimals);
}

/** Typed text as plain text: group separators (spaces, and commas in English) left out, a French decimal comma made a point. */
export function plainNumber(typed: string, language: string): string {
  const spaced = typed.replace(/[\s\u00a0\u202f]/g, '');
  return language.startsWith('fr') ? spaced.replace(',', '.') : spaced.replace(/,/g, '');
}
