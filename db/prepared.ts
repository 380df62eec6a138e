import type { Db, Tx } from './client';

/** node-postgres sends an empty name as PostgreSQL's unnamed statement. */
const UNNAMED_STATEMENT = '';

/**
 * A query Drizzle builds once per database and then runs with new parameters (`sql.placeholder` in the
 * query; Drizzle's prepared query). Building a query is most of what Drizzle costs: on this machine a
 * `select()` of an order row cost ~0.7 ms of CPU each time against ~0.2 ms prepared
 * (docs/decisions/022), and an order's checkout runs a few dozen.
 *
 * The statement is left unnamed on PostgreSQL's side (Drizzle's `prepare` takes a name for a named
 * server statement): connection poolers in transaction mode — PgBouncer before 1.21, the pooled URLs
 * of managed databases — may send the next use to another connection, where a named statement does
 * not exist. Only the building is saved; PostgreSQL parses the text each time, as before.
 *
 * Kept per `Db` it was given: a transaction gets its own, built on first use inside it, so a query run
 * in a transaction always runs in that transaction.
 */
export function preparedPerDb<Builder extends { prepare(name: string): unknown }>(
  build: (db: Db | Tx) => Builder,
): (db: Db | Tx) => ReturnType<Builder['prepare']> {
  const built = new WeakMap<Db | Tx, ReturnType<Builder['prepare']>>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db).prepare(UNNAMED_STATEMENT) as ReturnType<Builder['prepare']>;
      built.set(db, query);
    }
    return query;
  };
}
