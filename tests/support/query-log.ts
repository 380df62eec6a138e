import type { Db } from '#db/client';

/**
 * The SQL `db` sends while `run` runs, in order (both engines): drizzle's session logger, which a
 * transaction's session takes from the same options. For tests that count what a path reads.
 */
export async function queriesOf<T>(db: Db, run: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
  const session = (db as unknown as { session: { logger: unknown; options: { logger?: unknown } } }).session;
  const queries: string[] = [];
  const logger = { logQuery: (query: string) => queries.push(query) };
  const before = { logger: session.logger, options: session.options.logger };
  session.logger = logger;
  session.options.logger = logger;
  try {
    return { result: await run(), queries };
  } finally {
    session.logger = before.logger;
    session.options.logger = before.options;
  }
}
