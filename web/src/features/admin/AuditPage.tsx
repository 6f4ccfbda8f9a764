import FileDownload from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errorMessage';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { PageHeader } from '../../shared/PageHeader';
import { Pagination } from '../../shared/Pagination';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../shared/table';
import { useAuditLogQuery, type AuditEntry } from './audit/auditApi';
import { AuditDrawer } from './audit/AuditDrawer';
import { AuditFilterBar } from './audit/AuditFilterBar';
import { AuditRow } from './audit/AuditRow';
import { useAuditExport } from './audit/useAuditExport';
import { AUDIT_PAGE_SIZES, useAuditFilters } from './audit/useAuditFilters';
import { SkeletonRows } from './common/SkeletonRows';
import { TableMessageRow } from './common/TableMessageRow';

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

/** Audit Logs (/admin/audit): the real trail with date, action and user filters and paging in the URL, a detail drawer and CSV export. */
export function AuditPage() {
  const { t } = useTranslation();
  const state = useAuditFilters();
  const { filters, page, limit, datesInOrder, filtered } = state;
  const { data: latest, isLoading, isFetching, error } = useAuditLogQuery({ ...filters, page, limit }, { skip: !datesInOrder });
  // A page of entries arrives as an urgent store update; drawing it is deferred so React draws it in slices.
  const data = useDeferredValue(latest);
  const exporter = useAuditExport(filters);
  const [selected, setSelected] = useState<AuditEntry | null>(null);

  const logs = datesInOrder ? (data?.logs ?? []) : [];
  // The first page has arrived and is being drawn: the skeleton stays until then.
  const drawing = latest !== undefined && data === undefined;
  const loadError = exporter.exportError ?? (error ? errorMessage(error, t('admin.audit.loadFailed')) : null);

  return (
    <>
      <PageHeader
        title={t('pages.audit')}
        subtitle={t('admin.audit.subtitle')}
        actions={
          <Button
            variant="contained"
            startIcon={<FileDownload />}
            onClick={() => void exporter.run()}
            disabled={exporter.exporting || !datesInOrder || data?.pagination.total === 0}
          >
            {exporter.exporting ? t('admin.audit.exporting') : t('admin.audit.export')}
          </Button>
        }
      />
      <ErrorBanner message={loadError} onClose={exporter.clearError} />
      <AuditFilterBar state={state} />
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
              {logs.map((entry) => (
                <AuditRow key={entry.id} entry={entry} onOpen={setSelected} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <Pagination
          count={data?.pagination.total ?? 0}
          page={Math.max(0, page - 1)}
          rowsPerPage={limit}
          rowsPerPageOptions={AUDIT_PAGE_SIZES}
          onPageChange={(next) => state.goToPage(next + 1)}
          onRowsPerPageChange={(size) => state.update({ limit: String(size) })}
          labelRowsPerPage={t('admin.common.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('admin.common.displayedRows', { from, to, count })}
          labelPage={(which) => t(`admin.common.pageButtons.${which}`)}
        />
      </Paper>
      <AuditDrawer entry={selected} onClose={() => setSelected(null)} />
    </>
  );
}
