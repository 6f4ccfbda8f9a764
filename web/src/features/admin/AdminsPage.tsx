import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errorMessage';
import { useAppSelector } from '../../session/hooks';
import { WriteOnly } from '../../session/WriteOnly';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { formatDate } from '../../shared/formatting';
import { useSnackbar } from '../../shared/SnackbarProvider';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../shared/table';
import { AdminDialog } from './admins/AdminDialog';
import { roleLock } from './admins/roleLock';
import { useAdministratorsQuery, useDeactivateAdministratorMutation, type Administrator } from './admins/adminsApi';
import { PageHeader } from '../../shared/PageHeader';
import { ConfirmDialog } from './common/ConfirmDialog';
import { SkeletonRows } from './common/SkeletonRows';
import { StatusChip } from '../../shared/StatusChip';
import { TableMessageRow } from './common/TableMessageRow';
import { Name } from '../../shared/Name';

const COLUMNS = 6;

/**
 * Admin Management (/admin/manage): the administrators and auditors with their roles, create and edit
 * dialogs (the role among the fields), a confirmed Deactivate; an auditor sees the list only.
 */
export function AdminsPage() {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const me = useAppSelector((state) => state.session.user?.id);
  const { data, isLoading, error } = useAdministratorsQuery();
  const [deactivate, { isLoading: deactivating }] = useDeactivateAdministratorMutation();
  const [editing, setEditing] = useState<Administrator | null | 'new'>(null);
  const [confirming, setConfirming] = useState<Administrator | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const onDeactivate = async () => {
    if (!confirming) return;
    const result = await deactivate(confirming.id);
    setConfirming(null);
    if (result.error) return setActionError(errorMessage(result.error, t('admin.admins.deactivateFailed')));
    snackbar(t('admin.admins.deactivated'));
  };

  const admins = data ?? [];
  return (
    <>
      <PageHeader
        title={t('pages.admins')}
        subtitle={t('admin.admins.subtitle')}
        actions={
          <WriteOnly>
            <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
              {t('admin.admins.add')}
            </Button>
          </WriteOnly>
        }
      />
      <ErrorBanner
        message={actionError ?? (error ? errorMessage(error, t('admin.admins.loadFailed')) : null)}
        onClose={() => setActionError(null)}
      />
      <Paper variant="outlined">
        <TableContainer role="region" aria-label={t('pages.admins')}>
          <Table size="medium" fitPhoneFrom={680}>
            <TableHead>
              <TableRow>
                <TableCell>{t('admin.admins.columns.name')}</TableCell>
                <TableCell hide="xs">{t('admin.admins.columns.email')}</TableCell>
                <TableCell hide="xs">{t('admin.admins.columns.role')}</TableCell>
                <TableCell hide="xs">{t('admin.admins.columns.status')}</TableCell>
                <TableCell hide="xs">{t('admin.admins.columns.created')}</TableCell>
                <WriteOnly>
                  <TableCell align="right">{t('admin.common.actions')}</TableCell>
                </WriteOnly>
              </TableRow>
            </TableHead>
            <TableBody>
              {isLoading && <SkeletonRows columns={COLUMNS} rows={3} />}
              {!isLoading && admins.length === 0 && <TableMessageRow colSpan={COLUMNS} title={t('admin.admins.empty')} />}
              {admins.map((admin) => {
                const self = admin.id === me;
                const why = self ? t('admin.admins.notYourself') : !admin.is_active ? t('admin.admins.alreadyInactive') : '';
                const created = formatDate(admin.createdAt, i18n.language);
                const statusChip = (
                  <StatusChip
                    label={admin.is_active ? t('admin.common.active') : t('admin.common.inactive')}
                    tone={admin.is_active ? 'good' : 'neutral'}
                  />
                );
                const roleChip = (
                  <StatusChip label={t(`admin.admins.roles.${admin.role}`)} tone={admin.role === 'auditor' ? 'pending' : 'neutral'} />
                );
                return (
                  <TableRow key={admin.id}>
                    <TableCell>
                      <span className="cell-title">
                        <Name>{admin.name}</Name>
                        {self && (
                          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                            {t('admin.admins.you')}
                          </Typography>
                        )}
                      </span>
                      <span className="phone-only muted">{admin.email}</span>
                      <span className="phone-only muted">{t('admin.admins.createdOn', { date: created })}</span>
                      <span className="phone-only chips">
                        {roleChip} {statusChip}
                      </span>
                    </TableCell>
                    <TableCell hide="xs" nowrap>
                      {admin.email}
                    </TableCell>
                    <TableCell hide="xs">{roleChip}</TableCell>
                    <TableCell hide="xs">{statusChip}</TableCell>
                    <TableCell hide="xs" nowrap>
                      {created}
                    </TableCell>
                    <WriteOnly>
                      <TableCell align="right">
                        <Box className="row-actions" sx={{ display: 'inline-flex', gap: 1 }}>
                          <Button
                            size="small"
                            variant="outlined"
                            onClick={() => setEditing(admin)}
                            aria-label={t('admin.admins.editNamed', { name: admin.name })}
                          >
                            {t('admin.common.edit')}
                          </Button>
                          <Tooltip title={why}>
                            <span>
                              <Button
                                size="small"
                                variant="outlined"
                                color="error"
                                disabled={self || !admin.is_active}
                                onClick={() => setConfirming(admin)}
                                aria-label={t('admin.admins.deactivateNamed', { name: admin.name })}
                              >
                                {t('admin.admins.deactivate')}
                              </Button>
                            </span>
                          </Tooltip>
                        </Box>
                      </TableCell>
                    </WriteOnly>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      {editing !== null && (
        <AdminDialog
          admin={editing === 'new' ? null : editing}
          roleLockedBy={editing === 'new' ? null : roleLock(editing, me, admins)}
          onClose={(saved) => {
            setEditing(null);
            if (saved) snackbar(saved);
          }}
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t('admin.admins.deactivateTitle')}
        message={t('admin.admins.deactivateConfirm', { name: confirming?.name ?? '', email: confirming?.email ?? '' })}
        confirmLabel={t('admin.admins.deactivate')}
        busyLabel={t('admin.admins.deactivating')}
        busy={deactivating}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void onDeactivate()}
      />
    </>
  );
}
