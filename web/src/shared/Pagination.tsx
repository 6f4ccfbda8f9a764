import type { Theme } from '@mui/material/styles';
import { useId } from 'react';
import { PlainIcon } from './PlainIcon';

/**
 * The pagination bar's look (MUI's TablePagination's), given once with the signed-in pages' global
 * styles (shared/SignedInStyles.tsx). As MUI's TablePagination (a toolbar, a select with its menu, two
 * icon buttons with ripples) it was one of the larger pieces of a results page's first drawing.
 */
export const paginationStyles = (theme: Theme) => ({
  '.pagination': {
    ...theme.typography.body2,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'flex-end',
    columnGap: 16,
    minHeight: 52,
    padding: '0 8px',
    color: theme.palette.text.primary,
    '& p': { margin: 0 },
    [theme.breakpoints.down('sm')]: { justifyContent: 'flex-start', padding: 0 },
  },
  '.pagination-size': {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    '& select': {
      ...theme.typography.body2,
      appearance: 'none',
      margin: 0,
      padding: '4px 24px 4px 8px',
      border: 0,
      borderRadius: theme.shape.borderRadius,
      background: 'transparent',
      color: 'inherit',
      cursor: 'pointer',
    },
    '& svg': { position: 'absolute', right: 0, width: 24, height: 24, fill: 'rgba(0, 0, 0, 0.54)', pointerEvents: 'none' },
  },
  '.pagination-actions': { display: 'inline-flex', flexShrink: 0, marginLeft: 4 },
  '.pagination-actions button': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: 40,
    height: 40,
    padding: 8,
    border: 0,
    borderRadius: '50%',
    background: 'transparent',
    color: 'rgba(0, 0, 0, 0.54)',
    cursor: 'pointer',
    '& svg': { width: 24, height: 24, fill: 'currentColor' },
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '&:disabled': { color: 'rgba(0, 0, 0, 0.26)', cursor: 'default', backgroundColor: 'transparent' },
    '&:focus-visible': { outline: '3px solid #f0b429', outlineOffset: 2 },
  },
});

type Props = {
  /** How many rows in all. */
  count: number;
  /** The page shown, from 0. */
  page: number;
  rowsPerPage: number;
  rowsPerPageOptions: readonly number[];
  onPageChange: (page: number) => void;
  onRowsPerPageChange: (rowsPerPage: number) => void;
  labelRowsPerPage: string;
  labelDisplayedRows: (rows: { from: number; to: number; count: number }) => string;
  labelPage: (which: 'previous' | 'next') => string;
};

/** Rows per page, the rows shown of how many, previous and next: MUI's TablePagination's parts, as plain elements. */
export function Pagination({
  count,
  page,
  rowsPerPage,
  rowsPerPageOptions,
  onPageChange,
  onRowsPerPageChange,
  labelRowsPerPage,
  labelDisplayedRows,
  labelPage,
}: Props) {
  const id = useId();
  const from = count === 0 ? 0 : page * rowsPerPage + 1;
  const to = Math.min(count, (page + 1) * rowsPerPage);
  const last = Math.max(0, Math.ceil(count / rowsPerPage) - 1);
  return (
    <div className="pagination">
      <label htmlFor={id}>{labelRowsPerPage}</label>
      <span className="pagination-size">
        <select id={id} value={rowsPerPage} onChange={(event) => onRowsPerPageChange(Number(event.target.value))}>
          {rowsPerPageOptions.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <PlainIcon icon="arrowDropDown" />
      </span>
      <p>{labelDisplayedRows({ from, to, count })}</p>
      <span className="pagination-actions">
        <button type="button" aria-label={labelPage('previous')} disabled={page <= 0} onClick={() => onPageChange(page - 1)}>
          <PlainIcon icon="keyboardArrowLeft" />
        </button>
        <button type="button" aria-label={labelPage('next')} disabled={page >= last} onClick={() => onPageChange(page + 1)}>
          <PlainIcon icon="keyboardArrowRight" />
        </button>
      </span>
    </div>
  );
}
