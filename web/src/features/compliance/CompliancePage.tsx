import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errorMessage';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { PageHeader } from '../../shared/PageHeader';
import { ComplianceNav } from './ComplianceNav';
import { ExtractPanel } from './ExtractPanel';
import { LogSummary } from './LogSummary';
import { useVerifyNow } from './useVerifyNow';
import { VerificationsTable } from './VerificationsTable';
import { VerifyPanel } from './VerifyPanel';
import { useState } from 'react';

/** Compliance (/admin/compliance): the log's head, its last verification, Verify now, the recorded verifications and extracts. */
export function CompliancePage() {
  const { t } = useTranslation();
  const { overview, verification, running, error, verify } = useVerifyNow();
  const [dismissed, setDismissed] = useState<unknown>(null);
  const failure = error ?? overview.error;
  return (
    <>
      <PageHeader title={t('pages.compliance')} subtitle={t('compliance.log.subtitle')} />
      <ComplianceNav />
      <ErrorBanner
        message={failure && failure !== dismissed ? errorMessage(failure, t('compliance.loadFailed')) : null}
        onClose={() => setDismissed(failure)}
      />
      <LogSummary overview={overview.data} />
      <VerifyPanel verification={verification} running={running} onVerify={verify} />
      {overview.data && <VerificationsTable verifications={overview.data.verifications} />}
      <ExtractPanel />
    </>
  );
}
