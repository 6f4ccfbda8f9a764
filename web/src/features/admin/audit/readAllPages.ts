/** One page of a paged list, as the server answers it. */
export type Paged<T> = { rows: T[]; total: number; totalPages: number };

/**
 * Reads a filtered list page after page (`pageSize` rows each) until its last page or `max` rows,
 * for an export; `total` tells how many there were in all, so a cut export can say so.
 */
export async function readAllPages<T>(
  readPage: (page: number, pageSize: number) => Promise<Paged<T>>,
  { max, pageSize }: { max: number; pageSize: number },
): Promise<{ rows: T[]; total: number }> {
  const rows: T[] = [];
  let total = 0;
  for (let next = 1; rows.length < max; next += 1) {
    const answer = await readPage(next, pageSize);
    rows.push(...answer.rows);
    total = answer.total;
    if (next >= answer.totalPages || answer.rows.length === 0) break;
  }
  return { rows, total };
}
