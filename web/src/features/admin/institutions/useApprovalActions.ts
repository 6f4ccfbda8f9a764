import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errorMessage';
import { useApproveInstitutionMutation, useRejectInstitutionMutation, type Institution } from './institutionsApi';

/** Spec §9: the approval success message shows for 3 seconds. */
export const SUCCESS_MS = 3000;

/**
 * The approvals screen's decisions: which review is open, which institution is being rejected, the call
 * under way, and what it gave (a success shown for 3 seconds, or the server's refusal).
 */
export function useApprovalActions() {
  const { t } = useTranslation();
  const [approve] = useApproveInstitutionMutation();
  const [reject] = useRejectInstitutionMutation();
  const [openId, setOpenId] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<Institution | null>(null);
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (success === null) return;
    const timer = setTimeout(() => setSuccess(null), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [success]);

  const done = (message: string) => {
    setOpenId(null);
    setRejecting(null);
    setError(null);
    setSuccess(message);
  };

  const onApprove = async (institution: Institution) => {
    setBusy('approve');
    const result = await approve(institution.id);
    setBusy(null);
    if (result.error) return setError(errorMessage(result.error, t('admin.approvals.approveFailed')));
    done(t('admin.approvals.approved'));
  };

  const onReject = async (reason: string) => {
    if (!rejecting) return;
    setBusy('reject');
    const result = await reject({ id: rejecting.id, reason });
    setBusy(null);
    if (result.error) {
      setRejecting(null);
      return setError(errorMessage(result.error, t('admin.approvals.rejectFailed')));
    }
    done(t('admin.approvals.rejected'));
  };

  return {
    openId,
    toggle: (id: number) => setOpenId((current) => (current === id ? null : id)),
    closeReview: () => setOpenId(null),
    rejecting,
    startRejecting: setRejecting,
    cancelRejecting: () => setRejecting(null),
    busy,
    success,
    clearSuccess: () => setSuccess(null),
    error,
    clearError: () => setError(null),
    onApprove,
    onReject,
  };
}
