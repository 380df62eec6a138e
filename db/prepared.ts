import { sql, type Placeholder } from 'drizzle-orm';
import type { Db, Tx } from './client';

/** node-postgres sends an empty name as PostgreSQL's unnamed statement. */
const UNNAMED_STATEMENT = '';

/**
 * The run-time shape this relies on, in both drivers (node-postgres and PGlite, Drizzle 0.45): a
 * prepared query sends its statement through its `client`; a handle's session (`_.session`) holds the
 * connection it runs on, a transaction its own; a database and its transactions share one `dialect`.
 * tests/integration/prepared-queries.test.ts fails if any of it changes.
 */
interface WithClient {
  client?: unknown;
}

function connectionOf(db: Db | Tx): unknown {
  return (db._.session as unknown as WithClient).client;
}

function dialectOf(db: Db | Tx): object | undefined {
  return (db as unknown as { dialect?: object }).dialect;
}

/**
 * A query Drizzle builds once per database and then runs with new parameters (`sql.placeholder` in the
 * query; Drizzle's prepared query). Building a query is most of what Drizzle costs: on this machine a
 * `select()` of an order row costs ~0.4 ms of CPU each time against ~0.1 ms prepared (Node 24,
 * decisions 022 and 028), and an order's checkout runs a few dozen statements.
 *
 * The statement is left unnamed on PostgreSQL's side (Drizzle's `prepare` takes a name for a named
 * server statement): connection poolers in transaction mode — PgBouncer before 1.21, the pooled URLs
 * of managed databases — may send the next use to another connection, where a named statement does
 * not exist. Only the building is saved; PostgreSQL parses the text each time, as before.
 *
 * A transaction gets the same built query bound to its own connection, so a query run in a
 * transaction always runs in that transaction, and is still built once. Should a driver's prepared
 * query have no connection to rebind, a transaction builds its own on first use instead.
 */
export function preparedPerDb<Builder extends { prepare(name: string): unknown }>(
  build: (db: Db | Tx) => Builder,
): (db: Db | Tx) => ReturnType<Builder['prepare']> {
  type Prepared = ReturnType<Builder['prepare']>;
  const prepare = (db: Db | Tx) => build(db).prepare(UNNAMED_STATEMENT) as Prepared;
  /** The query as built, one per database (a database and its transactions share a dialect). */
  const builtFor = new WeakMap<object, Prepared & WithClient>();
  /** The query bound to each handle that ran it: the database itself, or one of its transactions. */
  const boundTo = new WeakMap<Db | Tx, Prepared>();

  function bind(db: Db | Tx): Prepared {
    const dialect = dialectOf(db);
    const connection = connectionOf(db);
    if (dialect === undefined || connection === undefined) return prepare(db);
    let query = builtFor.get(dialect);
    if (query === undefined) {
      query = prepare(db) as Prepared & WithClient;
      if (!('client' in query)) return query;
      builtFor.set(dialect, query);
    }
    if (query.client === connection) return query;
    return Object.create(query, { client: { value: connection } }) as Prepared;
  }

  return (db) => {
    let query = boundTo.get(db);
    if (query === undefined) {
      query = bind(db);
      boundTo.set(db, query);
    }
    return query;
  };
}

/**
 * A row for a prepared insert whose every value is the placeholder of its column's name:
 * `db.insert(t).values(placeholderRow(['orderId', 'kind']))`, then `.execute({ orderId, kind })`.
 */
export function placeholderRow<Column extends string>(
  columns: readonly Column[],
): { [Name in Column]: Placeholder<Name> } {
  return Object.fromEntries(columns.map((column) => [column, sql.placeholder(column)])) as {
    [Name in Column]: Placeholder<Name>;
  };
}
