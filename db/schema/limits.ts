import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Tries counted per window (core/limits/attempts.ts): one row per limit and subject (an account, a
 * client address), so a limit holds on every server that shares the database.
 */
export const attemptCounts = pgTable('attempt_counts', {
  /** The limit's name and its subject: `change-password:account:<user id>`, `newsletter:address:<ip>`. */
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull(),
});
