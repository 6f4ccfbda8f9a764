import { TableCell, TableRow } from '../../../shared/table';
import { Skeleton } from '../../../shared/Skeleton';

type Props = {
  columns: number;
  rows?: number;
  /** Lines of text in a row once loaded, so the rows keep their height and what is below them stays put. */
  lines?: number;
  /** The columns (by position) the table hides on a phone, hidden here too. */
  hideOnPhone?: readonly number[];
};

/** Grey bars where rows will be while the first page loads. */
export function SkeletonRows({ columns, rows = 5, lines = 1, hideOnPhone = [] }: Props) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <TableRow key={row} aria-hidden="true">
          {Array.from({ length: columns }, (_, column) => (
            <TableCell key={column} hide={hideOnPhone.includes(column) ? 'xs' : undefined}>
              {Array.from({ length: lines }, (_, line) => (
                <Skeleton key={line} variant="text" />
              ))}
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}
