import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errorMessage';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { PageHeader } from '../../shared/PageHeader';
import { Spinner } from '../../shared/Spinner';
import { WriteOnly } from '../../session/WriteOnly';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../shared/table';
import { ConfirmDialog } from './common/ConfirmDialog';
import { TableMessageRow } from './common/TableMessageRow';
import { filterInstitutions } from './institutions/filterInstitutions';
import { InstitutionEditDialog } from './institutions/InstitutionEditDialog';
import { useAllInstitutionsQuery } from './institutions/institutionsApi';
import { UserFilterBar } from './institutions/UserFilterBar';
import { USER_COLUMNS, UserRow } from './institutions/UserRow';
import { useUserActions } from './institutions/useUserActions';
import { useUserFilters } from './institutions/useUserFilters';

// An open row (shaded as selected) has no line between it and its details. On a phone the email, role,
// registration date and status columns give way: the email and status show under the name, the date in the details.
const tableSx = {
  '& .data-table > tbody > tr.selected > td': { borderBottom: 0 },
} as const;

/** User Management (/admin/users): institutions with search, status and registration-date filters, details, activate/deactivate, edit and close. */
export function UsersPage() {
  const { t } = useTranslation();
  const state = useUserFilters();
  const { filters, filtered } = state;
  const { data, isLoading, error } = useAllInstitutionsQuery();
  const actions = useUserActions();
  const rows = useMemo(() => filterInstitutions(data ?? [], filters, new Date()), [data, filters.search, filters.status, filters.period]);

  return (
    <>
      <PageHeader title={t('pages.users')} subtitle={t('admin.users.subtitle')} />
      <ErrorBanner
        message={actions.actionError ?? (error ? errorMessage(error, t('admin.users.loadFailed')) : null)}
        onClose={actions.clearError}
      />
      <UserFilterBar state={state} />
      <Paper variant="outlined" sx={tableSx}>
        <TableContainer role="region" aria-label={t('pages.users')}>
          <Table size="medium" fitPhoneFrom={860}>
            <TableHead>
              <TableRow>
                <TableCell>{t('admin.users.columns.institution')}</TableCell>
                <TableCell hide="xs">{t('admin.users.columns.email')}</TableCell>
                <TableCell hide="xs">{t('admin.users.columns.role')}</TableCell>
                <TableCell hide="xs">{t('admin.users.columns.registered')}</TableCell>
                <TableCell hide="xs">{t('admin.users.columns.status')}</TableCell>
                <WriteOnly>
                  <TableCell align="right">{t('admin.common.actions')}</TableCell>
                </WriteOnly>
              </TableRow>
            </TableHead>
            <TableBody>
              {isLoading && (
                <TableRow>
                  <TableCell colSpan={USER_COLUMNS}>
                    <Spinner size="small" text={t('admin.users.loading')} />
                  </TableCell>
                </TableRow>
              )}
              {!isLoading && rows.length === 0 && (
                <TableMessageRow
                  colSpan={USER_COLUMNS}
                  title={t('admin.users.empty')}
                  hint={filtered ? t('admin.users.emptyHint') : undefined}
                />
              )}
              {rows.map((institution) => (
                <UserRow
                  key={institution.id}
                  institution={institution}
                  open={actions.openId === institution.id}
                  busy={actions.busyId === institution.id}
                  onToggle={() => actions.toggle(institution.id)}
                  onActivate={() => void actions.onActivate(institution)}
                  onDeactivate={() => actions.startDeactivating(institution)}
                  onEdit={() => actions.startEditing(institution)}
                  onClose={() => actions.startClosing(institution)}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      {actions.editing && <InstitutionEditDialog institution={actions.editing} onClose={actions.doneEditing} />}
      <ConfirmDialog
        open={actions.toDeactivate !== null}
        title={t('admin.users.deactivateTitle')}
        message={t('admin.users.deactivateConfirm', { name: actions.toDeactivate?.name ?? '' })}
        confirmLabel={t('admin.users.deactivate')}
        busyLabel={t('admin.users.deactivating')}
        busy={actions.deactivating}
        onCancel={actions.cancelDeactivating}
        onConfirm={() => void actions.onDeactivate()}
      >
        <TextField
          fullWidth
          margin="normal"
          id="deactivation-comment"
          label={t('admin.users.comment')}
          value={actions.comment}
          onChange={(event) => actions.setComment(event.target.value)}
          disabled={actions.deactivating}
        />
      </ConfirmDialog>
      <ConfirmDialog
        open={actions.toClose !== null}
        title={t('admin.users.deleteTitle')}
        message={t('admin.users.deleteConfirm', { name: actions.toClose?.name ?? '' })}
        confirmLabel={t('admin.users.deleteConfirmButton')}
        busyLabel={t('admin.common.deleting')}
        busy={actions.closing}
        onCancel={actions.cancelClosing}
        onConfirm={() => void actions.onClose()}
      />
    </>
  );
}
