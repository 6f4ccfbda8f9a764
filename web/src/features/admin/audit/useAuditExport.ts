import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errorMessage';
import { saveBlob } from '../../../shared/saveBlob';
import { useSnackbar } from '../../../shared/SnackbarProvider';
import { useLazyAuditLogQuery, type AuditQuery } from './auditApi';
import { auditCsv } from './auditCsv';
import { readAllPages } from './readAllPages';

/** The export reads the filtered rows 100 at a time, at most this many. */
const EXPORT_LIMIT = 10_000;
const EXPORT_PAGE = 100;

/** The audit trail's CSV export of what the filters select (capped, and saying so when cut). */
export function useAuditExport(filters: Omit<AuditQuery, 'page' | 'limit'>) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const [fetchPage] = useLazyAuditLogQuery();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const run = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const { rows, total } = await readAllPages(
        async (page, limit) => {
          const answer = await fetchPage({ ...filters, page, limit }).unwrap();
          return { rows: answer.logs, total: answer.pagination.total, totalPages: answer.pagination.totalPages };
        },
        { max: EXPORT_LIMIT, pageSize: EXPORT_PAGE },
      );
      saveBlob(new Blob([auditCsv(rows)], { type: 'text/csv;charset=utf-8' }), `audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
      const cut = total > rows.length;
      snackbar(
        cut ? t('admin.audit.exportTooMany', { count: rows.length }) : t('admin.audit.exported', { count: rows.length }),
        cut ? 'warning' : 'success',
      );
    } catch (failure) {
      setExportError(errorMessage(failure, t('admin.audit.exportFailed')));
    } finally {
      setExporting(false);
    }
  };

  return { exporting, exportError, clearError: () => setExportError(null), run };
}
