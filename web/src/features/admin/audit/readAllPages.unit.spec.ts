import { readAllPages, type Paged } from './readAllPages';

/** A server holding `total` numbered rows. */
const server = (total: number) => {
  const asked: number[] = [];
  const readPage = async (page: number, size: number): Promise<Paged<number>> => {
    asked.push(page);
    const first = (page - 1) * size;
    return {
      rows: Array.from({ length: Math.max(0, Math.min(size, total - first)) }, (_, index) => first + index + 1),
      total,
      totalPages: Math.ceil(total / size),
    };
  };
  return { asked, readPage };
};

describe('readAllPages', () => {
  it('reads every page up to the last', async () => {
    const { asked, readPage } = server(250);
    const { rows, total } = await readAllPages(readPage, { max: 10_000, pageSize: 100 });
    expect(asked).toEqual([1, 2, 3]);
    expect(rows).toHaveLength(250);
    expect(rows.at(-1)).toBe(250);
    expect(total).toBe(250);
  });

  it('stops at the cap and tells how many there were', async () => {
    const { asked, readPage } = server(1_000);
    const { rows, total } = await readAllPages(readPage, { max: 300, pageSize: 100 });
    expect(asked).toEqual([1, 2, 3]);
    expect(rows).toHaveLength(300);
    expect(total).toBe(1_000);
  });

  it('asks once for an empty list, and stops on an empty page', async () => {
    const empty = server(0);
    expect(await readAllPages(empty.readPage, { max: 100, pageSize: 10 })).toEqual({ rows: [], total: 0 });
    expect(empty.asked).toEqual([1]);
    const shrunk = jest.fn(async (page: number) => ({ rows: page === 1 ? [1, 2] : [], total: 40, totalPages: 20 }));
    expect((await readAllPages(shrunk, { max: 100, pageSize: 2 })).rows).toEqual([1, 2]);
    expect(shrunk).toHaveBeenCalledTimes(2);
  });

  it('lets a failed page fail the export', async () => {
    const failing = async () => Promise.reject(new Error('offline'));
    await expect(readAllPages(failing, { max: 100, pageSize: 10 })).rejects.toThrow('offline');
  });
});
