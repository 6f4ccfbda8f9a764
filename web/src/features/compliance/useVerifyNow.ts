import { useEffect, useRef, useState } from 'react';
import { useComplianceLogQuery, useVerificationProgressQuery, useVerifyLogMutation, type Verification } from './complianceApi';

const POLL_MS = 500;

/**
 * Verify now: starts a verification on the server, follows its progress while it runs (the server
 * answers the outcome at once when the check ends within two seconds, else a running verification to
 * poll), and reads the log's head and last verification again once the outcome is recorded.
 */
export function useVerifyNow() {
  const [start, started] = useVerifyLogMutation();
  const [followed, setFollowed] = useState<string | null>(null);
  const [polling, setPolling] = useState(false);
  const progress = useVerificationProgressQuery(followed ?? '', { skip: followed === null, pollingInterval: polling ? POLL_MS : 0 });
  const overview = useComplianceLogQuery();
  const latest: Verification | undefined = followed !== null ? (progress.data ?? started.data) : started.data;
  const settled = useRef<string | null>(null);
  const { refetch } = overview;

  useEffect(() => {
    if (latest === undefined) return;
    setPolling(latest.state === 'running');
    if (latest.state === 'running') {
      if (followed !== latest.id) setFollowed(latest.id);
    } else if (settled.current !== latest.id) {
      settled.current = latest.id;
      void refetch();
    }
  }, [latest, followed, refetch]);

  return {
    overview,
    verification: latest,
    running: started.isLoading || latest?.state === 'running',
    error: started.error ?? progress.error,
    verify: () => {
      setFollowed(null);
      void start();
    },
  };
}
