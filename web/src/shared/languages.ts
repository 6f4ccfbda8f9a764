export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The chosen language is remembered on the device under this localStorage key. */
export const LANGUAGE_KEY = 'language';

export function initialLanguage(stored: string | null, browserLanguage: string | undefined): Language {
  if (stored === 'en' || stored === 'fr') return stored;
  return browserLanguage?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

/** The Intl locale for a language: Central African conventions (XAF is shown as FCFA). */
export const intlLocale = (language: string): string => (language.startsWith('fr') ? 'fr-CM' : 'en-CM');
