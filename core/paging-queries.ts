import { count, eq, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { rowCounts } from '../db/schema';
import { COUNT_LIMIT, pageWindow, type Counted } from './paging';

/** The rows of `table` matching `where`, counted up to `limit`. */
export async function countUpTo(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  limit = COUNT_LIMIT,
): Promise<Counted> {
  const matches = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(limit + 1)
    .as('matches');
  const [row] = await db.select({ n: count() }).from(matches);
  const found = row?.n ?? 0;
  return found > limit ? { total: limit, moreThanTotal: true } : { total: found, moreThanTotal: false };
}

/**
 * One page of a counted list. The count and the asked page's rows are read at once, since a page
 * within the list does not depend on the count; only a page asked for past the end is read again,
 * as the last page (`pageWindow`). A search whose count walks thousands of matches then costs the
 * slower of the two queries, not both one after the other.
 */
export async function countedPage<Row>(
  counting: Promise<Counted>,
  requested: number,
  pageSize: number,
  rowsOf: (offset: number) => Promise<Row[]>,
): Promise<Counted & { page: number; pages: number; rows: Row[] }> {
  const [counted, rows] = await Promise.all([counting, rowsOf((requested - 1) * pageSize)]);
  const { page, pages } = pageWindow(counted, requested, pageSize);
  return {
    page,
    pages,
    rows: page === requested ? rows : await rowsOf((page - 1) * pageSize),
    ...counted,
  };
}

/** The row count PostgreSQL keeps for `table` (db/schema/counts.ts: users and products). */
export async function keptRowCount(db: Db, table: 'user' | 'products'): Promise<number> {
  const [row] = await db.select({ n: rowCounts.n }).from(rowCounts).where(eq(rowCounts.tableName, table));
  return row?.n ?? 0;
}
