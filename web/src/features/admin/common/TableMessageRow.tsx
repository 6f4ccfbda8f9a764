import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type Props = { colSpan: number; title: string; hint?: ReactNode };

/** A table's empty state: what is (not) there and what to do next, across every column. */
export function TableMessageRow({ colSpan, title, hint }: Props) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} sx={{ py: 6, textAlign: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
        {hint && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {hint}
          </Typography>
        )}
      </TableCell>
    </TableRow>
  );
}
