import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { acquireDirectoryLock, embeddedDataDir } from './lock';
import * as schema from './schema';

export { DatabaseLockedError, embeddedDataDir, LOCK_HELD_BY_PARENT_ENV, lockEmbeddedDatabase } from './lock';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: everything a `Db` can do, inside one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Raw SQL with positional parameters ($1, $2…), for libraries that bring their own (the job queue,
   * pg-boss). Without values the text may hold several statements.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

export interface PgliteOptions {
  /** A directory for the data, or undefined for an in-memory database. */
  dataDir?: string;
  /** A data directory dump (`dumpDataDir`) to start from: tests copy a migrated template this way. */
  loadDataDir?: Blob | File;
}

export async function openPglite(options: PgliteOptions = {}): Promise<Database & { client: PGlite }> {
  let release = () => {};
  if (options.dataDir) {
    const dataDir = path.resolve(options.dataDir);
    mkdirSync(path.dirname(dataDir), { recursive: true });
    release = acquireDirectoryLock(dataDir);
  }
  try {
    // Loaded only when used: a PostgreSQL deployment never pays for the embedded engine.
    const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
    ]);
    const client = await PGlite.create({
      dataDir: options.dataDir ? path.resolve(options.dataDir) : undefined,
      loadDataDir: options.loadDataDir,
      extensions: { pg_trgm },
    });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      client,
      kind: 'pglite',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      executeSql: async (text, values) => {
        if (values?.length) return client.query(text, values as unknown[]);
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export async function openPostgres(
  databaseUrl: string,
  poolSize = 10,
): Promise<Database & { pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Readiness reports real outages.
  });
  pool.on('connect', (client) => {
    // A client in use (between a transaction's statements) whose server goes away (a restart, a
    // failover) emits 'error' too, and no one else listens then: unheard, it would end the process.
    // The work on it fails with its own error (a 503), and the pool drops the broken client.
    client.on('error', () => {});
  });
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  const database = {
    db,
    pool,
    kind: 'postgres' as const,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    executeSql: (text: string, values?: unknown[]) => pool.query(text, values),
    close: () => pool.end(),
  };
  await database.ping();
  return database;
}

/** PostgreSQL when `databaseUrl` is set, otherwise the embedded PGlite in `<dataDir>/pglite`. */
export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite({ dataDir: embeddedDataDir(options.dataDir) });
}

export function databaseExists(dataDir: string): boolean {
  return existsSync(path.join(embeddedDataDir(dataDir), 'PG_VERSION'));
}

/** Rows of a raw SQL query, the same from PGlite and node-postgres (both answer `{ rows }`). */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
