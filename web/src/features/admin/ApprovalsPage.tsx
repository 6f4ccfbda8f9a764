import Alert from '@mui/material/Alert';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errorMessage';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { PageHeader } from '../../shared/PageHeader';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../shared/table';
import { SkeletonRows } from './common/SkeletonRows';
import { TableMessageRow } from './common/TableMessageRow';
import { APPROVAL_COLUMNS, ApprovalRow } from './institutions/ApprovalRow';
import { ApprovalsToolbar } from './institutions/ApprovalsToolbar';
import { useApprovalListQuery } from './institutions/institutionsApi';
import { RejectDialog } from './institutions/RejectDialog';
import { useApprovalActions } from './institutions/useApprovalActions';
import { useApprovalFilters } from './institutions/useApprovalFilters';

// An open row (shaded as selected) has no line between it and its review panel.
const tableSx = {
  '& .data-table > tbody > tr.institution': { cursor: 'pointer' },
  '& .data-table > tbody > tr.selected > td': { borderBottom: 0 },
} as const;

/** Institution Approvals (/admin/institution): filters with counts, search, the table and the 4-step review. */
export function ApprovalsPage() {
  const { t } = useTranslation();
  const filters = useApprovalFilters();
  const { status, search } = filters;
  const { data, isLoading, isFetching, error: loadError } = useApprovalListQuery({ status, search });
  const actions = useApprovalActions();
  const rows = data?.institutions ?? [];
  const empty = search ? t('admin.approvals.emptySearch') : t(`admin.approvals.empty.${status}`);

  return (
    <>
      <PageHeader title={t('pages.approvals')} subtitle={t('admin.approvals.subtitle')} />
      <ErrorBanner
        message={actions.error ?? (loadError ? errorMessage(loadError, t('admin.approvals.loadFailed')) : null)}
        onClose={actions.clearError}
      />
      <Collapse in={actions.success !== null} unmountOnExit>
        <Alert severity="success" role="status" sx={{ mb: 2 }} onClose={actions.clearSuccess}>
          {actions.success}
        </Alert>
      </Collapse>
      <ApprovalsToolbar filters={filters} counts={data?.counts} onStatus={actions.closeReview} />
      <Paper variant="outlined" sx={tableSx}>
        <TableContainer role="region" aria-label={t('pages.approvals')}>
          {/* On a phone: the institution with its date, contact and status under its name. */}
          <Table size="medium" fitPhoneFrom={720} aria-busy={isFetching}>
            <TableHead>
              <TableRow>
                <TableCell hide="xs">{t('admin.approvals.columns.date')}</TableCell>
                <TableCell>{t('admin.approvals.columns.name')}</TableCell>
                <TableCell hide="xs">{t('admin.approvals.columns.contact')}</TableCell>
                <TableCell hide="xs">{t('admin.approvals.columns.status')}</TableCell>
                <TableCell align="right">{t('admin.approvals.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {isLoading && <SkeletonRows columns={APPROVAL_COLUMNS} hideOnPhone={[0, 2, 3]} />}
              {!isLoading && rows.length === 0 && (
                <TableMessageRow
                  colSpan={APPROVAL_COLUMNS}
                  title={empty}
                  hint={search ? t('admin.approvals.emptySearchHint') : undefined}
                />
              )}
              {rows.map((institution) => (
                <ApprovalRow
                  key={institution.id}
                  institution={institution}
                  open={actions.openId === institution.id}
                  busy={actions.busy}
                  onToggle={() => actions.toggle(institution.id)}
                  onApprove={() => void actions.onApprove(institution)}
                  onReject={() => actions.startRejecting(institution)}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      <RejectDialog
        key={actions.rejecting?.id ?? 'closed'}
        institutionName={actions.rejecting?.name ?? null}
        busy={actions.busy === 'reject'}
        onCancel={actions.cancelRejecting}
        onConfirm={(reason) => void actions.onReject(reason)}
      />
    </>
  );
}
