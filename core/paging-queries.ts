import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { COUNT_LIMIT, type Counted } from './paging';

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
