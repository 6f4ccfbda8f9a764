import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_LIST } from '../../../shared/cardList';
import { Skeleton } from '../../../shared/Skeleton';
import type { TableColumn } from './EditDeleteTable';

type Props<Row> = {
  label: string;
  columns: TableColumn<Row>[];
  rows: Row[] | undefined;
  loading: boolean;
  empty: string;
  emptyHint?: ReactNode;
  canWrite: boolean;
  keyOf: (row: Row) => number;
  editLabel: (row: Row) => string;
  deleteLabel: (row: Row) => string;
  onEdit: (row: Row) => void;
  onDelete: (row: Row) => void;
  deleteBlockedBy?: (row: Row) => string | null;
};

/**
 * EditDeleteTable on a phone: a card per row (the results list's cards), its first column as the title,
 * the others as named lines, Edit and Delete as buttons within the screen's width.
 */
export function EditDeleteCards<Row>({
  label,
  columns,
  rows,
  loading,
  empty,
  emptyHint,
  canWrite,
  keyOf,
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  deleteBlockedBy,
}: Props<Row>) {
  const { t } = useTranslation();
  if (loading)
    return (
      <Box aria-busy="true" sx={{ display: 'grid', gap: 1.5 }}>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={120} />
        ))}
      </Box>
    );
  if (!rows || rows.length === 0)
    return (
      <Box sx={{ textAlign: 'center', py: 5, border: 1, borderColor: 'divider', borderRadius: 2 }}>
        <Typography sx={{ fontWeight: 600 }}>{empty}</Typography>
        {emptyHint && <Typography color="text.secondary">{emptyHint}</Typography>}
      </Box>
    );
  const [title, ...others] = columns;
  return (
    <Box component="ul" aria-label={label} sx={CARD_LIST}>
      {rows.map((row) => {
        const blocked = deleteBlockedBy?.(row) ?? null;
        return (
          <li key={keyOf(row)}>
            <div className="card-who">
              <strong>{title.cell(row)}</strong>
            </div>
            <dl className="card-fields">
              {others.map((column) => (
                <Box key={column.header} sx={{ display: 'contents' }}>
                  <dt>{column.header}</dt>
                  <dd>{column.cell(row)}</dd>
                </Box>
              ))}
            </dl>
            {canWrite && (
              <div className="card-actions">
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<EditOutlined />}
                  onClick={() => onEdit(row)}
                  aria-label={editLabel(row)}
                >
                  {t('admin.common.edit')}
                </Button>
                <Button
                  size="small"
                  variant="outlined"
                  color="error"
                  startIcon={<DeleteOutlined />}
                  disabled={blocked !== null}
                  onClick={() => onDelete(row)}
                  aria-label={deleteLabel(row)}
                >
                  {t('admin.common.delete')}
                </Button>
                {blocked && <span className="card-muted">{blocked}</span>}
              </div>
            )}
          </li>
        );
      })}
    </Box>
  );
}
