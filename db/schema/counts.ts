import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * How many rows a table has, kept by PostgreSQL itself (statement triggers of migration 0016, in the
 * same transaction as each insert, delete or truncate): the admin dashboard's counters of registered
 * users and products read one row instead of counting 100,000 users on every view (decision 017).
 * Only tables written rarely (sign-ups, catalogue edits) are kept here: a counter row is locked by
 * each write until it commits.
 */
export const rowCounts = pgTable('row_counts', {
  tableName: text('table_name').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});
