import { useTranslation } from 'react-i18next';
import { en } from './content/en';
import { fr } from './content/fr';
import type { LegalContent } from './content/legalContent';

/** The Terms and Privacy texts in the page's language. */
export function useLegalContent(): LegalContent {
  const { i18n } = useTranslation();
  return (i18n.resolvedLanguage ?? i18n.language).startsWith('fr') ? fr : en;
}
