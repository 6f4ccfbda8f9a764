import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { TableCell, TableRow } from '../../../shared/table';

type Props = { colSpan: number; title: string; hint?: ReactNode };

/** A table's empty state: what is (not) there and what to do next, across every column. */
export function TableMessageRow({ colSpan, title, hint }: Props) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} align="center" style={{ paddingTop: 48, paddingBottom: 48 }}>
        <span className="cell-title">{title}</span>
        {hint && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {hint}
          </Typography>
        )}
      </TableCell>
    </TableRow>
  );
}
