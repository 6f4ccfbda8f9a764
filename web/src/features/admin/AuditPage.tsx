import FileDownload from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/errorMessage';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { formatDate } from '../../shared/formatting';
import { FilterInput, OutlinedField } from '../../shared/OutlinedField';
import { Pagination } from '../../shared/Pagination';
import { useSnackbar } from '../../shared/SnackbarProvider';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../shared/table';
import { ActionChip } from './audit/ActionChip';
import { AUDIT_ACTIONS, useAuditLogQuery, useLazyAuditLogQuery, type AuditEntry } from './audit/auditApi';
import { auditCsv } from './audit/auditCsv';
import { AuditDrawer } from './audit/AuditDrawer';
import { AdminPageHeader } from './common/AdminPageHeader';
import { SkeletonRows } from './common/SkeletonRows';
import { TableMessageRow } from './common/TableMessageRow';
import { useDebounced } from './common/useDebounced';
import { Name } from '../../shared/Name';

const PAGE_SIZES = [20, 50, 100];
const COLUMNS = 5;
/** The columns a phone does without (time, action, address): the first two show inside the others. */
const PHONE_HIDDEN = [0, 2, 4];

// The rows' and cells' own styles, given once on the table's Paper: a page of rows then costs no per-row style work.
const tableSx = {
  '& .data-table > tbody > tr.entry': { cursor: 'pointer' },
  '& .data-table > tbody > tr.entry:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
  '& .data-table .entry-description': { maxWidth: 480, overflowWrap: 'anywhere' },
  '& .data-table .actor-name': { display: 'block', fontWeight: 600 },
  '& .data-table .actor-role': { typography: 'caption', color: 'text.secondary' },
} as const;
/** The export reads the filtered rows 100 at a time, at most this many. */
const EXPORT_LIMIT = 10_000;
const EXPORT_PAGE = 100;

const whole = (value: string | null, fallback: number) => {
  const number = Number(value);
  return Number.isSafeInteger(number) && number >= 1 ? number : fallback;
};

/** Audit Logs (/admin/audit): the real trail with date, action and user filters and paging in the URL, a detail drawer and CSV export. */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const [params, setParams] = useSearchParams();
  const dateFrom = params.get('from') ?? '';
  const dateTo = params.get('to') ?? '';
  const action = AUDIT_ACTIONS.find((value) => value === params.get('action')) ?? '';
  const page = whole(params.get('page'), 1);
  const limit = PAGE_SIZES.includes(whole(params.get('limit'), 20)) ? whole(params.get('limit'), 20) : 20;
  const [userText, setUserText] = useState(params.get('user') ?? '');
  const actor = useDebounced(userText.trim());
  const datesInOrder = dateFrom === '' || dateTo === '' || dateFrom <= dateTo;
  const filters = { dateFrom, dateTo, action, actor };
  const { data: latest, isLoading, isFetching, error } = useAuditLogQuery({ ...filters, page, limit }, { skip: !datesInOrder });
  // A page of entries arrives as an urgent store update; drawing it is deferred so React draws it in slices.
  const data = useDeferredValue(latest);
  const [fetchPage] = useLazyAuditLogQuery();
  const [selected, setSelected] = useState<AuditEntry | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  /** Changes the URL's filters; any filter change returns to page 1. */
  const update = (changes: Record<string, string>, keepPage = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === '') next.delete(key);
          else next.set(key, value);
        }
        if (!keepPage) next.delete('page');
        return next;
      },
      { replace: keepPage ? false : true },
    );

  useEffect(() => {
    if ((params.get('user') ?? '') !== actor) update({ user: actor });
    // Only the settled search text writes the URL.
  }, [actor]);

  const clear = () => {
    setUserText('');
    setParams(new URLSearchParams(), { replace: true });
  };

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const rows: AuditEntry[] = [];
      let total = 0;
      for (let next = 1; rows.length < EXPORT_LIMIT; next += 1) {
        const answer = await fetchPage({ ...filters, page: next, limit: EXPORT_PAGE }).unwrap();
        rows.push(...answer.logs);
        total = answer.pagination.total;
        if (next >= answer.pagination.totalPages || answer.logs.length === 0) break;
      }
      const url = URL.createObjectURL(new Blob([auditCsv(rows)], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `audit-log-${new Date().toISOString().slice(0, 10)}.csv`;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      snackbar(
        total > rows.length ? t('admin.audit.exportTooMany', { count: rows.length }) : t('admin.audit.exported', { count: rows.length }),
        total > rows.length ? 'warning' : 'success',
      );
    } catch (failure) {
      setExportError(errorMessage(failure, t('admin.audit.exportFailed')));
    } finally {
      setExporting(false);
    }
  };

  const filtered = dateFrom !== '' || dateTo !== '' || action !== '' || actor !== '';
  const logs = datesInOrder ? (data?.logs ?? []) : [];
  // The first page has arrived and is being drawn: the skeleton stays until then.
  const drawing = latest !== undefined && data === undefined;
  const loadError = exportError ?? (error ? errorMessage(error, t('admin.audit.loadFailed')) : null);

  return (
    <>
      <AdminPageHeader
        title={t('pages.audit')}
        subtitle={t('admin.audit.subtitle')}
        actions={
          <Button
            variant="contained"
            startIcon={<FileDownload />}
            onClick={() => void exportCsv()}
            disabled={exporting || !datesInOrder || data?.pagination.total === 0}
          >
            {exporting ? t('admin.audit.exporting') : t('admin.audit.export')}
          </Button>
        }
      />
      <ErrorBanner message={loadError} onClose={() => setExportError(null)} />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr 1fr', md: '160px 160px 200px 1fr auto' },
            alignItems: 'start',
            '& .audit-wide': { gridColumn: { xs: '1 / -1', md: 'auto' } },
          }}
        >
          <FilterInput
            id="audit-from"
            label={t('admin.audit.from')}
            type="date"
            value={dateFrom}
            max={dateTo || undefined}
            error={!datesInOrder}
            onChange={(value) => update({ from: value })}
          />
          <FilterInput
            id="audit-to"
            label={t('admin.audit.to')}
            type="date"
            value={dateTo}
            min={dateFrom || undefined}
            error={!datesInOrder}
            onChange={(value) => update({ to: value })}
          />
          <OutlinedField id="audit-action" label={t('admin.audit.action')} select className="audit-wide">
            <select id="audit-action" value={action} onChange={(event) => update({ action: event.target.value })}>
              <option value="">{t('admin.audit.allActions')}</option>
              {AUDIT_ACTIONS.map((value) => (
                <option key={value} value={value}>
                  {t(`admin.audit.actions.${value}`)}
                </option>
              ))}
            </select>
          </OutlinedField>
          <OutlinedField id="audit-user" label={t('admin.audit.user')} className="audit-wide">
            <input
              type="search"
              id="audit-user"
              placeholder={t('admin.audit.userPlaceholder')}
              value={userText}
              onChange={(event) => setUserText(event.target.value)}
            />
          </OutlinedField>
          <Button
            onClick={clear}
            disabled={!filtered}
            sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, justifySelf: 'start', mt: { md: 0.25 } }}
          >
            {t('admin.audit.clear')}
          </Button>
        </Box>
        {!datesInOrder && (
          <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
            {t('admin.audit.dateOrder')}
          </Typography>
        )}
      </Paper>
      <Paper variant="outlined" sx={tableSx}>
        <TableContainer role="region" aria-label={t('pages.audit')}>
          {/* On a phone: the user with the time under it, and the description with its action under it. */}
          <Table size="small" fitPhoneFrom={760} aria-busy={isFetching}>
            <TableHead>
              <TableRow>
                <TableCell hide="xs">{t('admin.audit.columns.timestamp')}</TableCell>
                <TableCell>{t('admin.audit.columns.user')}</TableCell>
                <TableCell hide="xs">{t('admin.audit.columns.action')}</TableCell>
                <TableCell>{t('admin.audit.columns.description')}</TableCell>
                <TableCell hide="xs">{t('admin.audit.columns.ip')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {/* A full page of two-line rows (the user's name above their role), as most pages are. */}
              {(isLoading || drawing) && <SkeletonRows columns={COLUMNS} rows={limit} lines={2} hideOnPhone={PHONE_HIDDEN} />}
              {!isLoading && !drawing && logs.length === 0 && (
                <TableMessageRow
                  colSpan={COLUMNS}
                  title={filtered ? t('admin.audit.empty') : t('admin.audit.emptyAll')}
                  hint={filtered ? t('admin.audit.emptyHint') : undefined}
                />
              )}
              {logs.map((entry) => {
                const when = formatDate(entry.timestamp, i18n.language, 'dateTime');
                return (
                  <TableRow
                    key={entry.id}
                    hover
                    className="entry"
                    tabIndex={0}
                    aria-label={t('admin.audit.details', { id: entry.id })}
                    onClick={() => setSelected(entry)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' || event.key === ' ') {
                        event.preventDefault();
                        setSelected(entry);
                      }
                    }}
                  >
                    <TableCell hide="xs" nowrap>
                      {when}
                    </TableCell>
                    <TableCell>
                      <span className="actor-name">
                        <Name>{entry.actor.name}</Name>
                      </span>
                      <span className="actor-role">{entry.actor.role}</span>
                      <span className="phone-only muted">{when}</span>
                    </TableCell>
                    <TableCell hide="xs">
                      <ActionChip action={entry.action} />
                    </TableCell>
                    <TableCell className="entry-description">
                      {entry.description}
                      <span className="phone-only">
                        <ActionChip action={entry.action} />
                      </span>
                    </TableCell>
                    <TableCell hide="xs" nowrap>
                      {entry.ip ?? t('admin.common.notAvailable')}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        <Pagination
          count={data?.pagination.total ?? 0}
          page={Math.max(0, page - 1)}
          rowsPerPage={limit}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(next) => update({ page: String(next + 1) }, true)}
          onRowsPerPageChange={(size) => update({ limit: String(size) })}
          labelRowsPerPage={t('admin.common.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('admin.common.displayedRows', { from, to, count })}
          labelPage={(which) => t(`admin.common.pageButtons.${which}`)}
        />
      </Paper>
      <AuditDrawer entry={selected} onClose={() => setSelected(null)} />
    </>
  );
}
