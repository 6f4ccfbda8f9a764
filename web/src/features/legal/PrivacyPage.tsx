import { LegalDocumentPage } from './LegalDocumentPage';
import { useLegalContent } from './useLegalContent';

/** The Privacy Policy at `/privacy`, signed in or out. */
export function PrivacyPage() {
  return <LegalDocumentPage document={useLegalContent().privacy} />;
}
