import PersonAdd from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { shownMessage } from '../../api/errorMessage';
import { useMemberMay } from '../../session/MemberMay';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { PageHeader } from '../../shared/PageHeader';
import { useSnackbar } from '../../shared/SnackbarProvider';
import { AccessIssuedDialog } from './AccessIssuedDialog';
import { InviteDialog } from './InviteDialog';
import { MemberCard } from './MemberCard';
import { TeamConfirmDialog } from './TeamConfirmDialog';
import { useDatabaseAccessesQuery, useTeamMembersQuery } from './teamApi';
import { useTeamActions } from './useTeamActions';

/** The institution's team at /team, its owner's alone: members, invitations, roles, suspension, database access. */
export function TeamPage() {
  const { t } = useTranslation();
  const mayManage = useMemberMay('team');
  const snackbar = useSnackbar();
  const members = useTeamMembersQuery(undefined, { skip: !mayManage });
  const accesses = useDatabaseAccessesQuery(undefined, { skip: !mayManage });
  const actions = useTeamActions();
  const [inviting, setInviting] = useState(false);
  if (!mayManage) return <Navigate to="/workspace-dashboard" replace />;

  const heldBy = (memberId: number) => accesses.data?.accesses.find((access) => access.memberId === memberId && access.revokedAt === null);
  const loadError = members.error ?? accesses.error;
  const confirming = actions.confirming;
  return (
    <Box>
      <PageHeader
        title={t('team.title')}
        subtitle={t('team.subtitle')}
        actions={
          <Button variant="contained" startIcon={<PersonAdd />} onClick={() => setInviting(true)}>
            {t('team.invite')}
          </Button>
        }
      />
      <ErrorBanner message={loadError ? (shownMessage(loadError) ?? t('team.loadFailed')) : null} onClose={() => void members.refetch()} />
      <ErrorBanner message={actions.error} onClose={actions.clearError} />
      {members.isLoading && (
        <Box aria-busy="true" aria-label={t('team.loading')}>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} variant="rounded" height={72} sx={{ mb: 1 }} />
          ))}
        </Box>
      )}
      {members.data?.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
            {t('team.emptyTitle')}
          </Typography>
          <Typography color="text.secondary">{t('team.emptyBody')}</Typography>
        </Paper>
      )}
      {members.data && members.data.length > 0 && (
        <Box component="ul" aria-label={t('team.listLabel')} sx={{ p: 0, m: 0, display: 'grid', gap: 1 }}>
          {members.data.map((member) => {
            const access = heldBy(member.id);
            return (
              <MemberCard
                key={member.id}
                member={member}
                access={access}
                busy={actions.busy}
                onAction={(action) => actions.start({ member, action, access })}
              />
            );
          })}
        </Box>
      )}
      <InviteDialog
        open={inviting}
        onClose={() => setInviting(false)}
        onInvited={(email) => {
          setInviting(false);
          snackbar(t('team.invited', { email }));
        }}
      />
      <TeamConfirmDialog
        open={confirming !== null}
        title={confirming ? t(`team.confirm.${confirming.action}.title`, { name: confirming.member.name }) : ''}
        message={confirming ? t(`team.confirm.${confirming.action}.body`, { name: confirming.member.name }) : ''}
        confirmLabel={confirming ? t(`team.do.${confirming.action}`) : ''}
        busy={actions.busy}
        onCancel={actions.cancel}
        onConfirm={actions.confirm}
      />
      <AccessIssuedDialog access={actions.issued?.access ?? null} memberName={actions.issued?.name ?? ''} onClose={actions.closeIssued} />
    </Box>
  );
}
