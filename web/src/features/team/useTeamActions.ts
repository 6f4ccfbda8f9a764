import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '../../api/baseApi';
import { errorMessage } from '../../api/errorMessage';
import { useSnackbar } from '../../shared/SnackbarProvider';
import type { MemberAction } from './memberActions';
import {
  useChangeMemberRoleMutation,
  useIssueDatabaseAccessMutation,
  useReactivateMemberMutation,
  useRemoveMemberMutation,
  useResendInvitationMutation,
  useRevokeDatabaseAccessMutation,
  useSuspendMemberMutation,
  type DatabaseAccess,
  type IssuedAccess,
  type TeamMember,
} from './teamApi';

/** Actions asked about first: they cannot be taken back. */
const CONFIRMED: MemberAction[] = ['remove', 'cancelInvitation', 'revokeAccess'];

/** The access an issue answered with (its password shown once), or null for any other answer. */
const issuedOf = (answer: unknown): IssuedAccess | null => {
  const data = (answer as Envelope<Partial<IssuedAccess>> | undefined)?.data;
  return data && typeof data.password === 'string' && typeof data.role === 'string' ? (data as IssuedAccess) : null;
};

type Pending = { member: TeamMember; action: MemberAction; access: DatabaseAccess | undefined };

/** The team page's commands: each one run, confirmed first when it cannot be undone, its outcome in the snackbar. */
export function useTeamActions() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const [issued, setIssued] = useState<{ access: IssuedAccess; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [resend, resendState] = useResendInvitationMutation();
  const [changeRole, changeState] = useChangeMemberRoleMutation();
  const [suspend, suspendState] = useSuspendMemberMutation();
  const [reactivate, reactivateState] = useReactivateMemberMutation();
  const [remove, removeState] = useRemoveMemberMutation();
  const [issue, issueState] = useIssueDatabaseAccessMutation();
  const [revoke, revokeState] = useRevokeDatabaseAccessMutation();
  const busy = [resendState, changeState, suspendState, reactivateState, removeState, issueState, revokeState].some(
    (state) => state.isLoading,
  );

  const run = async ({ member, action, access: held }: Pending) => {
    setError(null);
    const result = await (() => {
      switch (action) {
        case 'resend':
          return resend(member.id);
        case 'makeAnalyst':
          return changeRole({ id: member.id, role: 'analyst' });
        case 'makeUploader':
          return changeRole({ id: member.id, role: 'uploader' });
        case 'suspend':
          return suspend(member.id);
        case 'reactivate':
          return reactivate(member.id);
        case 'remove':
        case 'cancelInvitation':
          return remove(member.id);
        case 'issueAccess':
          return issue({ memberId: member.id, label: member.name });
        case 'revokeAccess':
          return revoke(held?.role ?? '');
      }
    })();
    setConfirming(null);
    if (result.error) return setError(errorMessage(result.error, t('team.actionFailed')));
    const access = issuedOf(result.data);
    if (action === 'issueAccess' && access) setIssued({ access, name: member.name });
    else snackbar(t(`team.done.${action}`, { name: member.name }));
  };

  const start = (pending: Pending) => (CONFIRMED.includes(pending.action) ? setConfirming(pending) : void run(pending));

  return {
    start,
    confirming,
    confirm: () => confirming && void run(confirming),
    cancel: () => setConfirming(null),
    issued,
    closeIssued: () => setIssued(null),
    error,
    clearError: () => setError(null),
    busy,
  };
}
