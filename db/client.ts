import { closeSync, existsSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: everything a `Db` can do, inside one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class DatabaseLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is already in use by another process (pid ${pid}). ` +
        'Only one process may open it at a time: stop the other one (for example a running `npm start`), ' +
        'or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DatabaseLockedError';
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Set by a supervising process (server/cluster.ts) that holds the embedded database's lock on behalf
 * of the one server process it runs: that child opens the database under its parent's lock, so a
 * child that dies is replaced without the directory ever being left unowned.
 */
export const LOCK_HELD_BY_PARENT_ENV = 'FRESHCATCH_DB_LOCK_HELD_BY_PARENT';

/** Data directories this process has open under its parent's lock (one owner, even within a process). */
const openUnderParentLock = new Set<string>();

/**
 * PGlite has no lock of its own: two owners of one data directory corrupt it silently.
 * A lock file holding the owner's pid refuses a second owner; a stale one (dead pid) is taken over.
 */
function acquireDirectoryLock(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => {
        try {
          if (readFileSync(lockPath, 'utf8') === String(process.pid)) unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return () => {
        process.removeListener('exit', release);
        release();
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockPath, 'utf8').trim());
      if (
        owner === process.ppid &&
        process.env[LOCK_HELD_BY_PARENT_ENV] === '1' &&
        !openUnderParentLock.has(dataDir)
      ) {
        openUnderParentLock.add(dataDir);
        return () => openUnderParentLock.delete(dataDir);
      }
      if (Number.isInteger(owner) && owner > 0 && (owner === process.pid || isProcessAlive(owner))) {
        throw new DatabaseLockedError(dataDir, owner);
      }
      unlinkSync(lockPath);
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}

/**
 * Takes the embedded database's lock for this process without opening the database: the supervisor
 * holds it while its child, started with LOCK_HELD_BY_PARENT_ENV, opens the database. Throws
 * DatabaseLockedError when another process has it.
 */
export function lockEmbeddedDatabase(dataDir: string): () => void {
  const directory = path.resolve(embeddedDataDir(dataDir));
  mkdirSync(path.dirname(directory), { recursive: true });
  return acquireDirectoryLock(directory);
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
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  const database = {
    db,
    pool,
    kind: 'postgres' as const,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
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

export function embeddedDataDir(dataDir: string) {
  return path.join(dataDir, 'pglite');
}

export function databaseExists(dataDir: string): boolean {
  return existsSync(path.join(embeddedDataDir(dataDir), 'PG_VERSION'));
}

/** Rows of a raw SQL query, the same from PGlite and node-postgres (both answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
