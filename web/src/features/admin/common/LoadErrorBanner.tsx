import { useState } from 'react';
import { errorMessage } from '../../../api/errorMessage';
import { ErrorBanner } from '../../../shared/ErrorBanner';

type Props = { error: unknown; fallback: string };

/** Why a list could not be loaded (the server's words, else the fallback), until the administrator closes it. */
export function LoadErrorBanner({ error, fallback }: Props) {
  const [dismissed, setDismissed] = useState(false);
  return <ErrorBanner message={error && !dismissed ? errorMessage(error, fallback) : null} onClose={() => setDismissed(true)} />;
}
