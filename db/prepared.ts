import type { Db, Tx } from './client';

/**
 * A query Drizzle builds once per database and then runs with new parameters (a prepared statement:
 * `sql.placeholder` in the query, `.prepare(name)` at its end). Building a query is most of what Drizzle
 * costs: on this machine a `select()` of an order row cost ~0.7 ms of CPU each time against ~0.2 ms
 * prepared (docs/decisions/022), and an order's checkout runs a few dozen. On PostgreSQL the statement
 * is also parsed once per connection.
 *
 * Kept per `Db` it was given: a transaction gets its own, built on first use inside it, so a query run
 * in a transaction always runs in that transaction.
 */
export function preparedPerDb<Query>(build: (db: Db | Tx) => Query): (db: Db | Tx) => Query {
  const built = new WeakMap<Db | Tx, Query>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
