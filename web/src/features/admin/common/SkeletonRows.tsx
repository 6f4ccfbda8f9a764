import { TableCell, TableRow } from '../../../shared/table';
import { Skeleton } from '../../../shared/Skeleton';

type Props = { columns: number; rows?: number };

/** Grey bars where rows will be while the first page loads. */
export function SkeletonRows({ columns, rows = 5 }: Props) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <TableRow key={row} aria-hidden="true">
          {Array.from({ length: columns }, (_, column) => (
            <TableCell key={column}>
              <Skeleton variant="text" />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}
