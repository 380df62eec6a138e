import { describe, expect, it } from 'vitest';
import { countedPage } from '#core/paging-queries';

/** A list of `total` numbered rows, remembering which offsets were read. */
function list(total: number) {
  const reads: number[] = [];
  const rowsOf = async (offset: number) => {
    reads.push(offset);
    return Array.from({ length: Math.max(0, Math.min(10, total - offset)) }, (_, i) => offset + i);
  };
  return { reads, rowsOf };
}

describe('one page of a counted list', () => {
  it('reads the asked page once, alongside the count', async () => {
    const { reads, rowsOf } = list(25);
    let countSettled = false;
    const counting = new Promise<{ total: number; moreThanTotal: boolean }>((resolve) =>
      setTimeout(() => {
        countSettled = true;
        resolve({ total: 25, moreThanTotal: false });
      }, 20),
    );
    const started = countedPage(counting, 2, 10, rowsOf);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(countSettled).toBe(false);
    expect(reads).toEqual([10]); // the rows did not wait for the count
    expect(await started).toEqual({
      total: 25,
      moreThanTotal: false,
      page: 2,
      pages: 3,
      rows: [10, 11, 12, 13, 14, 15, 16, 17, 18, 19],
    });
    expect(reads).toEqual([10]);
  });

  it('reads the last page again when the asked one is past the end', async () => {
    const { reads, rowsOf } = list(25);
    const page = await countedPage(Promise.resolve({ total: 25, moreThanTotal: false }), 9, 10, rowsOf);
    expect(page).toMatchObject({ page: 3, pages: 3, rows: [20, 21, 22, 23, 24] });
    expect(reads).toEqual([80, 20]);
  });

  it('past the count limit keeps the asked page, however far', async () => {
    const { reads, rowsOf } = list(100_000);
    const page = await countedPage(
      Promise.resolve({ total: 10_000, moreThanTotal: true }),
      2_000,
      10,
      rowsOf,
    );
    expect(page).toMatchObject({ page: 2_000, pages: 2_001, moreThanTotal: true });
    expect(reads).toEqual([19_990]);
  });
});
