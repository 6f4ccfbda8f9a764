import { LegalDocumentPage } from './LegalDocumentPage';
import { useLegalContent } from './useLegalContent';

/** The Terms of Use at `/terms`, signed in or out. */
export function TermsPage() {
  return <LegalDocumentPage document={useLegalContent().terms} />;
}
