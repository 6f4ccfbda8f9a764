import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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

/** A list of the model's or the parameters' records with Edit and Delete per row; scrolls sideways (and by keyboard) on a phone. */
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
  const span = columns.length + 1;
  return (
    <Paper variant="outlined">
      <TableContainer tabIndex={0} role="region" aria-label={label} sx={{ overflowX: 'auto' }}>
        <Table sx={{ minWidth }} aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.header} align={column.align} sx={{ whiteSpace: 'nowrap' }}>
                  {column.header}
                </TableCell>
              ))}
              <TableCell align="right">{t('admin.common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {loading && <SkeletonRows columns={span} rows={4} />}
            {!loading && rows?.length === 0 && <TableMessageRow colSpan={span} title={empty} hint={emptyHint} />}
            {rows?.map((row) => {
              const blocked = deleteBlockedBy?.(row) ?? null;
              const remove = (
                <IconButton color="error" disabled={blocked !== null} onClick={() => onDelete(row)} aria-label={deleteLabel(row)}>
                  <DeleteOutlined />
                </IconButton>
              );
              return (
                <TableRow key={keyOf(row)} hover>
                  {columns.map((column) => (
                    <TableCell
                      key={column.header}
                      align={column.align}
                      sx={{
                        minWidth: column.width,
                        maxWidth: column.width === undefined ? undefined : column.width * 1.6,
                        whiteSpace: column.nowrap ? 'nowrap' : undefined,
                        overflowWrap: 'anywhere',
                      }}
                    >
                      {column.cell(row)}
                    </TableCell>
                  ))}
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: compact ? 0.5 : undefined }}>
                    <Box sx={{ display: 'inline-flex', gap: 0.5 }}>
                      <Tooltip title={t('admin.common.edit')}>
                        <IconButton onClick={() => onEdit(row)} aria-label={editLabel(row)}>
                          <EditOutlined />
                        </IconButton>
                      </Tooltip>
                      {/* A disabled button gets no pointer events: the span lets the tooltip say why. */}
                      <Tooltip title={blocked ?? t('admin.common.delete')}>{deleteBlockedBy ? <span>{remove}</span> : remove}</Tooltip>
                    </Box>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
