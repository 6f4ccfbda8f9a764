import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Paper from '@mui/material/Paper';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../../shared/table';
import { useCanWrite } from '../../../session/useCanWrite';
import { EditDeleteCards } from './EditDeleteCards';
import { SkeletonRows } from './SkeletonRows';
import { TableMessageRow } from './TableMessageRow';

export type TableColumn<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  align?: 'right';
  /** Long texts wrap inside this width instead of stretching the table. */
  width?: number;
  nowrap?: boolean;
};

type Props<Row> = {
  label: string;
  columns: TableColumn<Row>[];
  rows: Row[] | undefined;
  loading: boolean;
  empty: string;
  emptyHint?: ReactNode;
  minWidth: number;
  keyOf: (row: Row) => number;
  editLabel: (row: Row) => string;
  deleteLabel: (row: Row) => string;
  onEdit: (row: Row) => void;
  onDelete: (row: Row) => void;
  /** Why a row cannot be deleted, or null when it can. */
  deleteBlockedBy?: (row: Row) => string | null;
  /** Rows of one line: the buttons are made no taller than the text. */
  compact?: boolean;
};

/**
 * A list of the model's or the parameters' records with Edit and Delete per row (no actions column for
 * an auditor); on a phone, a card per row with its actions on the card (EditDeleteCards).
 */
export function EditDeleteTable<Row>({
  label,
  columns,
  rows,
  loading,
  empty,
  emptyHint,
  minWidth,
  keyOf,
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  deleteBlockedBy,
  compact = false,
}: Props<Row>) {
  const { t } = useTranslation();
  const canWrite = useCanWrite();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (phone) {
    const cards = { label, columns, rows, loading, empty, emptyHint, keyOf, editLabel, deleteLabel, onEdit, onDelete, deleteBlockedBy };
    return <EditDeleteCards {...cards} canWrite={canWrite} />;
  }
  const span = columns.length + (canWrite ? 1 : 0);
  // Each column's cell styles are given once, by position, on the table's Paper: a style per cell was
  // computed again for every cell of every row on each render.
  const tableSx = {
    '& .data-row > td': { overflowWrap: 'anywhere' },
    // The actions column (an auditor has none).
    ...(canWrite ? { '& .data-row > td:last-of-type': { whiteSpace: 'nowrap', py: compact ? 0.5 : undefined } } : {}),
    '& .row-actions': { display: 'inline-flex', gap: 0.5 },
    '& .formula': { fontFamily: 'monospace', fontSize: '0.8125rem' },
    // The Edit and Delete buttons: MUI's IconButton look, as plain buttons (two per row).
    '& .row-action': {
      display: 'inline-flex',
      p: 1,
      m: 0,
      border: 0,
      borderRadius: '50%',
      background: 'transparent',
      color: 'action.active',
      fontSize: '1.5rem',
      cursor: 'pointer',
      '&:hover': { bgcolor: 'action.hover' },
      '&.delete': { color: 'error.main', '&:hover': { bgcolor: 'rgba(211, 47, 47, 0.04)' } },
      '&:disabled': { color: 'action.disabled', bgcolor: 'transparent', cursor: 'default', pointerEvents: 'none' },
    },
    // The buttons' tooltips in CSS: MUI's Tooltip, two per row, was much of the table's first render on a phone.
    '& [data-tip]': { position: 'relative' },
    '& [data-tip]:hover::after, & [data-tip]:focus-visible::after': {
      content: 'attr(data-tip)',
      position: 'absolute',
      right: 0,
      bottom: '100%',
      mb: 0.5,
      px: 1,
      py: 0.5,
      borderRadius: 1,
      bgcolor: 'rgba(23, 33, 43, 0.92)',
      color: '#fff',
      fontSize: '0.75rem',
      fontWeight: 500,
      lineHeight: 1.4,
      whiteSpace: 'nowrap',
      pointerEvents: 'none',
      zIndex: 2,
    },
    ...Object.fromEntries(
      columns.map((column, index) => [
        `& .data-row > td:nth-of-type(${index + 1})`,
        {
          minWidth: column.width,
          maxWidth: column.width === undefined ? undefined : column.width * 1.6,
          whiteSpace: column.nowrap ? 'nowrap' : undefined,
        },
      ]),
    ),
  };
  return (
    <Paper variant="outlined" sx={tableSx}>
      <TableContainer role="region" aria-label={label}>
        <Table size="medium" style={{ minWidth }} aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.header} align={column.align}>
                  {column.header}
                </TableCell>
              ))}
              {canWrite && <TableCell align="right">{t('admin.common.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {loading && <SkeletonRows columns={span} rows={4} />}
            {!loading && rows?.length === 0 && <TableMessageRow colSpan={span} title={empty} hint={emptyHint} />}
            {rows?.map((row) => {
              const blocked = deleteBlockedBy?.(row) ?? null;
              const remove = (
                <button
                  type="button"
                  className="row-action delete"
                  disabled={blocked !== null}
                  onClick={() => onDelete(row)}
                  aria-label={deleteLabel(row)}
                  data-tip={deleteBlockedBy ? undefined : t('admin.common.delete')}
                >
                  <DeleteOutlined />
                </button>
              );
              return (
                <TableRow key={keyOf(row)} hover className="data-row">
                  {columns.map((column) => (
                    <TableCell key={column.header} align={column.align}>
                      {column.cell(row)}
                    </TableCell>
                  ))}
                  {canWrite && (
                    <TableCell align="right">
                      <span className="row-actions">
                        <button
                          type="button"
                          className="row-action"
                          onClick={() => onEdit(row)}
                          aria-label={editLabel(row)}
                          data-tip={t('admin.common.edit')}
                        >
                          <EditOutlined />
                        </button>
                        {/* A disabled button gets no pointer events: the span shows why it cannot be used. */}
                        {deleteBlockedBy ? <span data-tip={blocked ?? t('admin.common.delete')}>{remove}</span> : remove}
                      </span>
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
