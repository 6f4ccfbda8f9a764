import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { Fragment, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/errorMessage';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { formatDate } from '../../shared/formatting';
import { useSnackbar } from '../../shared/SnackbarProvider';
import { Spinner } from '../../shared/Spinner';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../shared/table';
import { AdminPageHeader } from './common/AdminPageHeader';
import { ConfirmDialog } from './common/ConfirmDialog';
import { Facts } from './common/Facts';
import { StatusChip } from '../../shared/StatusChip';
import { TableMessageRow } from './common/TableMessageRow';
import { InstitutionEditDialog } from './institutions/InstitutionEditDialog';
import {
  useActivateInstitutionMutation,
  useAllInstitutionsQuery,
  useCloseInstitutionMutation,
  useDeactivateInstitutionMutation,
  type Institution,
} from './institutions/institutionsApi';
import { registeredWithin, type RegisteredFilter } from './institutions/registeredWithin';
import { Name } from '../../shared/Name';

const COLUMNS = 6;
const STATUSES = ['all', 'active', 'inactive'] as const;
const PERIODS: RegisteredFilter[] = ['all', 'last30', 'last90', 'older'];
/** Spec §4: the comment a deactivation from this screen carries unless the administrator writes another. */
const DEACTIVATION_COMMENT = 'Deactivated from User Management';

// An open row (shaded as selected) has no line between it and its details. On a phone the email, role,
// registration date and status columns give way: the email and status show under the name, the date in the details.
const tableSx = {
  '& .data-table > tbody > tr.selected > td': { borderBottom: 0 },
} as const;

/** User Management (/admin/users): institutions with search, status and registration-date filters, details, activate/deactivate, edit and close. */
export function UsersPage() {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const status = STATUSES.find((value) => value === params.get('status')) ?? 'all';
  const period = PERIODS.find((value) => value === params.get('registered')) ?? 'all';
  const { data, isLoading, error } = useAllInstitutionsQuery();
  const [deactivate, deactivating] = useDeactivateInstitutionMutation();
  const [activate] = useActivateInstitutionMutation();
  const [close, closing] = useCloseInstitutionMutation();
  const [openId, setOpenId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Institution | null>(null);
  const [toDeactivate, setToDeactivate] = useState<Institution | null>(null);
  const [comment, setComment] = useState(DEACTIVATION_COMMENT);
  const [toClose, setToClose] = useState<Institution | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const setFilter = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === '' || value === 'all') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const rows = useMemo(() => {
    const now = new Date();
    const needle = search.trim().toLowerCase();
    return (data ?? []).filter(
      (institution) =>
        (status === 'all' || institution.is_active === (status === 'active')) &&
        registeredWithin(institution.createdAt, period, now) &&
        (needle === '' ||
          [institution.name, institution.email, institution.registrationNumber].some((text) => text.toLowerCase().includes(needle))),
    );
  }, [data, search, status, period]);

  const onActivate = async (institution: Institution) => {
    setBusyId(institution.id);
    const result = await activate(institution.id);
    setBusyId(null);
    if (result.error) return setActionError(errorMessage(result.error, t('admin.users.statusFailed')));
    snackbar(t('admin.users.activated'));
  };
  const onDeactivate = async () => {
    if (!toDeactivate) return;
    const result = await deactivate({ id: toDeactivate.id, comment: comment.trim() || DEACTIVATION_COMMENT });
    setToDeactivate(null);
    if (result.error) return setActionError(errorMessage(result.error, t('admin.users.deactivateFailed')));
    snackbar(t('admin.users.deactivated'));
  };
  const onClose = async () => {
    if (!toClose) return;
    const result = await close(toClose.id);
    setToClose(null);
    if (result.error) return setActionError(errorMessage(result.error, t('admin.users.deleteFailed')));
    snackbar(t('admin.users.deleted'));
  };

  const na = t('admin.common.notAvailable');
  const filtered = search !== '' || status !== 'all' || period !== 'all';
  return (
    <>
      <AdminPageHeader title={t('pages.users')} subtitle={t('admin.users.subtitle')} />
      <ErrorBanner
        message={actionError ?? (error ? errorMessage(error, t('admin.users.loadFailed')) : null)}
        onClose={() => setActionError(null)}
      />
      <Paper
        variant="outlined"
        sx={{ p: 2, mb: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 180px 200px' } }}
      >
        <TextField
          size="small"
          type="search"
          id="users-search"
          label={t('admin.users.search')}
          placeholder={t('admin.users.searchPlaceholder')}
          value={search}
          onChange={(event) => setFilter('search', event.target.value)}
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
          slotProps={{
            inputLabel: { shrink: true },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          select
          size="small"
          id="users-status"
          label={t('admin.users.status')}
          value={status}
          onChange={(event) => setFilter('status', event.target.value)}
        >
          {STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`admin.users.statuses.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          id="users-registered"
          label={t('admin.users.registered')}
          value={period}
          onChange={(event) => setFilter('registered', event.target.value)}
        >
          {PERIODS.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`admin.users.periods.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </Paper>
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
                <TableCell align="right">{t('admin.common.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {isLoading && (
                <TableRow>
                  <TableCell colSpan={COLUMNS}>
                    <Spinner size="small" text={t('admin.users.loading')} />
                  </TableCell>
                </TableRow>
              )}
              {!isLoading && rows.length === 0 && (
                <TableMessageRow
                  colSpan={COLUMNS}
                  title={t('admin.users.empty')}
                  hint={filtered ? t('admin.users.emptyHint') : undefined}
                />
              )}
              {rows.map((institution) => {
                const open = openId === institution.id;
                const busy = busyId === institution.id;
                const statusChip = (
                  <StatusChip
                    label={institution.is_active ? t('admin.common.active') : t('admin.common.inactive')}
                    tone={institution.is_active ? 'good' : 'neutral'}
                  />
                );
                return (
                  <Fragment key={institution.id}>
                    <TableRow selected={open}>
                      <TableCell>
                        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                          <IconButton
                            size="small"
                            aria-expanded={open}
                            aria-label={t(open ? 'admin.users.hideDetails' : 'admin.users.showDetails', { name: institution.name })}
                            onClick={() => setOpenId(open ? null : institution.id)}
                          >
                            {open ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
                          </IconButton>
                          <Box>
                            <span className="cell-title">
                              <Name>{institution.name}</Name>
                            </span>
                            <span className="muted">{institution.registrationNumber}</span>
                            <span className="phone-only muted">{institution.email}</span>
                            <span className="phone-only">{statusChip}</span>
                          </Box>
                        </Box>
                      </TableCell>
                      <TableCell hide="xs" nowrap>
                        {institution.email}
                      </TableCell>
                      <TableCell hide="xs" nowrap>
                        {t('admin.users.roleValue')}
                      </TableCell>
                      <TableCell hide="xs" nowrap>
                        {formatDate(institution.createdAt, i18n.language)}
                      </TableCell>
                      <TableCell hide="xs">{statusChip}</TableCell>
                      <TableCell align="right">
                        <Box className="row-actions" sx={{ display: 'inline-flex', gap: 1, flexWrap: 'nowrap' }}>
                          {institution.is_active ? (
                            <Button
                              size="small"
                              variant="outlined"
                              color="warning"
                              sx={{ color: '#7a4100', borderColor: '#c77700' }}
                              onClick={() => {
                                setComment(DEACTIVATION_COMMENT);
                                setToDeactivate(institution);
                              }}
                              aria-label={t('admin.users.deactivateNamed', { name: institution.name })}
                            >
                              {t('admin.users.deactivate')}
                            </Button>
                          ) : (
                            <Button
                              size="small"
                              variant="outlined"
                              color="success"
                              sx={{ color: '#1b5e2d' }}
                              disabled={busy}
                              onClick={() => void onActivate(institution)}
                              aria-label={t('admin.users.activateNamed', { name: institution.name })}
                            >
                              {busy ? t('admin.users.activating') : t('admin.users.activate')}
                            </Button>
                          )}
                          <Button
                            size="small"
                            variant="outlined"
                            onClick={() => setEditing(institution)}
                            aria-label={t('admin.users.editNamed', { name: institution.name })}
                          >
                            {t('admin.common.edit')}
                          </Button>
                          <Button
                            size="small"
                            variant="outlined"
                            color="error"
                            onClick={() => setToClose(institution)}
                            aria-label={t('admin.users.deleteNamed', { name: institution.name })}
                          >
                            {t('admin.common.delete')}
                          </Button>
                        </Box>
                      </TableCell>
                    </TableRow>
                    {open && (
                      <TableRow>
                        <TableCell colSpan={COLUMNS} style={{ padding: 0 }}>
                          <Box
                            sx={{
                              position: 'sticky',
                              left: 0,
                              width: { xs: 'calc(100vw - 34px)', md: 'auto' },
                              p: { xs: 2, sm: 3 },
                              bgcolor: '#f7f9fb',
                            }}
                          >
                            <Facts
                              items={[
                                { label: t('admin.review.registrationNumber'), value: institution.registrationNumber },
                                { label: t('admin.review.authorizationNumber'), value: institution.authorizationNumber },
                                { label: t('admin.review.type'), value: t('admin.review.typeValue') },
                                { label: t('admin.review.username'), value: institution.email },
                                { label: t('admin.users.review'), value: t(`admin.status.${institution.status}`) },
                                {
                                  label: t('admin.users.columns.registered'),
                                  value: formatDate(institution.createdAt, i18n.language, 'dateTime'),
                                },
                                {
                                  label: t('admin.users.approvedOn'),
                                  value: institution.approvedAt ? formatDate(institution.approvedAt, i18n.language, 'dateTime') : na,
                                },
                                { label: t('admin.users.lastChange'), value: formatDate(institution.updatedAt, i18n.language, 'dateTime') },
                                ...(institution.rejectionReason
                                  ? [{ label: t('admin.users.rejectionReason'), value: institution.rejectionReason }]
                                  : []),
                                ...(institution.deactivationComment
                                  ? [{ label: t('admin.users.deactivationComment'), value: institution.deactivationComment }]
                                  : []),
                              ]}
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
      {editing && (
        <InstitutionEditDialog
          institution={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) snackbar(saved);
          }}
        />
      )}
      <ConfirmDialog
        open={toDeactivate !== null}
        title={t('admin.users.deactivateTitle')}
        message={t('admin.users.deactivateConfirm', { name: toDeactivate?.name ?? '' })}
        confirmLabel={t('admin.users.deactivate')}
        busyLabel={t('admin.users.deactivating')}
        busy={deactivating.isLoading}
        onCancel={() => setToDeactivate(null)}
        onConfirm={() => void onDeactivate()}
      >
        <TextField
          fullWidth
          margin="normal"
          id="deactivation-comment"
          label={t('admin.users.comment')}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          disabled={deactivating.isLoading}
        />
      </ConfirmDialog>
      <ConfirmDialog
        open={toClose !== null}
        title={t('admin.users.deleteTitle')}
        message={t('admin.users.deleteConfirm', { name: toClose?.name ?? '' })}
        confirmLabel={t('admin.users.deleteConfirmButton')}
        busyLabel={t('admin.common.deleting')}
        busy={closing.isLoading}
        onCancel={() => setToClose(null)}
        onConfirm={() => void onClose()}
      />
    </>
  );
}
