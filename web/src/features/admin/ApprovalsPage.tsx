import Alert from '@mui/material/Alert';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Box from '@mui/material/Box';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/errorMessage';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { formatDate } from '../../shared/formatting';
import { OutlinedField } from '../../shared/OutlinedField';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../shared/table';
import { AdminPageHeader } from './common/AdminPageHeader';
import { SkeletonRows } from './common/SkeletonRows';
import { StatusChip } from '../../shared/StatusChip';
import { TableMessageRow } from './common/TableMessageRow';
import { ToggleGroup } from '../../shared/ToggleGroup';
import { useDebounced } from './common/useDebounced';
import {
  useApprovalListQuery,
  useApproveInstitutionMutation,
  useRejectInstitutionMutation,
  type ApprovalFilter,
  type Institution,
} from './institutions/institutionsApi';
import { RejectDialog } from './institutions/RejectDialog';
import { ReviewPanel } from './institutions/ReviewPanel';
import { Name } from '../../shared/Name';

const FILTERS: ApprovalFilter[] = ['all', 'pending', 'approved', 'rejected'];
const TONE = { pending: 'pending', approved: 'good', rejected: 'bad' } as const;
/** Spec §9: the approval success message shows for 3 seconds. */
const SUCCESS_MS = 3000;
const COLUMNS = 5;

// An open row (shaded as selected) has no line between it and its review panel.
const tableSx = {
  '& .data-table > tbody > tr.institution': { cursor: 'pointer' },
  '& .data-table > tbody > tr.selected > td': { borderBottom: 0 },
} as const;

const filterOf = (value: string | null): ApprovalFilter =>
  FILTERS.includes(value as ApprovalFilter) ? (value as ApprovalFilter) : 'pending';

/** Institution Approvals (/admin/institution): filters with counts, search, the table and the 4-step review. */
export function ApprovalsPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = filterOf(params.get('status'));
  const [searchText, setSearchText] = useState(params.get('search') ?? '');
  const search = useDebounced(searchText.trim());
  const { data, isLoading, isFetching, error: loadError } = useApprovalListQuery({ status, search });
  const [approve] = useApproveInstitutionMutation();
  const [reject] = useRejectInstitutionMutation();
  const [openId, setOpenId] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<Institution | null>(null);
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The search box writes the URL, so a filtered view can be shared and survives a refresh.
  useEffect(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (search) next.set('search', search);
        else next.delete('search');
        return next;
      },
      { replace: true },
    );
  }, [search, setParams]);

  useEffect(() => {
    if (success === null) return;
    const timer = setTimeout(() => setSuccess(null), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [success]);

  const setStatus = (value: ApprovalFilter) => {
    setOpenId(null);
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('status', value);
      return next;
    });
  };

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

  const rows = data?.institutions ?? [];
  const empty = search ? t('admin.approvals.emptySearch') : t(`admin.approvals.empty.${status}`);

  return (
    <>
      <AdminPageHeader title={t('pages.approvals')} subtitle={t('admin.approvals.subtitle')} />
      <ErrorBanner
        message={error ?? (loadError ? errorMessage(loadError, t('admin.approvals.loadFailed')) : null)}
        onClose={() => setError(null)}
      />
      <Collapse in={success !== null} unmountOnExit>
        <Alert severity="success" role="status" sx={{ mb: 2 }} onClose={() => setSuccess(null)}>
          {success}
        </Alert>
      </Collapse>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 2,
          '& .approvals-search': { width: { xs: '100%', sm: 340 } },
        }}
      >
        <Box sx={{ maxWidth: '100%', overflowX: 'auto' }}>
          <ToggleGroup
            label={t('admin.approvals.filterLabel')}
            options={FILTERS.map((filter) => ({
              value: filter,
              label: t(`admin.approvals.filters.${filter}`),
              count: data ? data.counts[filter] : '–',
            }))}
            value={status}
            onChange={setStatus}
          />
        </Box>
        <OutlinedField id="approvals-search" search className="approvals-search">
          <input
            type="search"
            id="approvals-search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder={t('admin.approvals.searchPlaceholder')}
            aria-label={t('admin.approvals.searchLabel')}
          />
        </OutlinedField>
      </Box>
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
              {isLoading && <SkeletonRows columns={COLUMNS} hideOnPhone={[0, 2, 3]} />}
              {!isLoading && rows.length === 0 && (
                <TableMessageRow colSpan={COLUMNS} title={empty} hint={search ? t('admin.approvals.emptySearchHint') : undefined} />
              )}
              {rows.map((institution) => {
                const open = openId === institution.id;
                const toggle = () => setOpenId(open ? null : institution.id);
                const registered = formatDate(institution.createdAt, i18n.language);
                const statusChip = <StatusChip label={t(`admin.status.${institution.status}`)} tone={TONE[institution.status]} />;
                return (
                  <Fragment key={institution.id}>
                    <TableRow hover selected={open} className="institution" onClick={toggle}>
                      <TableCell hide="xs" nowrap>
                        {registered}
                      </TableCell>
                      <TableCell>
                        <span className="cell-title">
                          <Name>{institution.name}</Name>
                        </span>
                        <span className="muted">{institution.registrationNumber}</span>
                        <span className="phone-only muted">{registered}</span>
                        <span className="phone-only muted">{institution.email}</span>
                        <span className="phone-only">{statusChip}</span>
                      </TableCell>
                      <TableCell hide="xs" nowrap>
                        {institution.email}
                      </TableCell>
                      <TableCell hide="xs">{statusChip}</TableCell>
                      <TableCell align="right">
                        <IconButton
                          aria-expanded={open}
                          aria-label={t(open ? 'admin.approvals.hideReview' : 'admin.approvals.review', { name: institution.name })}
                          onClick={(event) => {
                            event.stopPropagation();
                            toggle();
                          }}
                        >
                          {open ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
                        </IconButton>
                      </TableCell>
                    </TableRow>
                    {open && (
                      <TableRow>
                        <TableCell colSpan={COLUMNS} style={{ padding: 0 }}>
                          {/* Stays in view while the wide table scrolls sideways on a phone. */}
                          <Box sx={{ position: 'sticky', left: 0, width: { xs: 'calc(100vw - 34px)', md: 'auto' } }}>
                            <ReviewPanel
                              institution={institution}
                              busy={busy}
                              onApprove={() => void onApprove(institution)}
                              onReject={() => setRejecting(institution)}
                            />
                          </Box>
                        </TableCell>
                      </TableRow>
                    )}
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      <RejectDialog
        key={rejecting?.id ?? 'closed'}
        institutionName={rejecting?.name ?? null}
        busy={busy === 'reject'}
        onCancel={() => setRejecting(null)}
        onConfirm={(reason) => void onReject(reason)}
      />
    </>
  );
}
