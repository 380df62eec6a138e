/**
 * Backups of the shop's database (issue 15), for both engines:
 * - PostgreSQL: `pg_dump` in its custom format, restored with `pg_restore` in one transaction (all of
 *   it or none of it), dropping what the backup replaces first.
 * - The embedded PGlite: PGlite's own dump of its data directory (a gzipped tar). Restoring loads it
 *   into a new directory, checks that it opens, and only then swaps it in; the directory it replaces
 *   is kept beside it. PGlite has one owner at a time, so both need the shop stopped (the lock says so).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { embeddedDataDir, lockEmbeddedDatabase, openPglite } from './client';

export interface BackupTarget {
  /** PostgreSQL when set, otherwise the embedded database under `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Where `npm run db:backup` writes when given no file: DATA_DIR/backups, named by the time. */
export function defaultBackupFile(target: BackupTarget, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const extension = target.databaseUrl ? 'dump' : 'tar.gz';
  return path.join(target.dataDir, 'backups', `freshcatch-${stamp}.${extension}`);
}

export async function backupDatabase(target: BackupTarget, file: string): Promise<void> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (target.databaseUrl) {
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`], target.databaseUrl);
    return;
  }
  if (!existsSync(embeddedDataDir(target.dataDir)))
    throw new BackupError(`There is no embedded database in ${target.dataDir} to back up.`);
  const database = await openPglite({ dataDir: embeddedDataDir(target.dataDir) });
  try {
    const dump = await database.client.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

/**
 * Puts the database back as `file` has it. Returns, for the embedded database, where the directory it
 * replaced was kept.
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<{ previous?: string }> {
  if (!existsSync(file) || !statSync(file).isFile())
    throw new BackupError(`There is no backup file ${file}.`);
  if (target.databaseUrl) {
    await run(
      'pg_restore',
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-comments',
        '--single-transaction',
        '--exit-on-error',
        // The name alone (the rest, password included, goes through the environment).
        `--dbname=${libpqEnvironment(target.databaseUrl).PGDATABASE ?? 'postgres'}`,
        file,
      ],
      target.databaseUrl,
    );
    return {};
  }
  const directory = path.resolve(embeddedDataDir(target.dataDir));
  const release = lockEmbeddedDatabase(target.dataDir);
  try {
    const incoming = `${directory}.restoring`;
    rmSync(incoming, { recursive: true, force: true });
    try {
      const loaded = await openPglite({
        dataDir: incoming,
        loadDataDir: new Blob([readFileSync(file)]),
      });
      try {
        await loaded.db.execute(sql`select 1`);
      } finally {
        await loaded.close();
      }
    } catch (error) {
      rmSync(incoming, { recursive: true, force: true });
      throw new BackupError(
        `${file} is not a backup of the embedded database (${error instanceof Error ? error.message : String(error)}).`,
      );
    }
    let previous: string | undefined;
    if (existsSync(directory)) {
      previous = `${directory}.before-restore-${Date.now()}`;
      renameSync(directory, previous);
    }
    renameSync(incoming, directory);
    return { previous };
  } finally {
    release();
  }
}

/**
 * libpq's environment for a DATABASE_URL: the password never appears in the process list, as it would
 * on a command line.
 */
export function libpqEnvironment(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = {};
  const host = decodeURIComponent(url.hostname) || url.searchParams.get('host');
  if (host) env.PGHOST = host;
  if (url.port) env.PGPORT = url.port;
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (database) env.PGDATABASE = database;
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** Runs a PostgreSQL client program against `databaseUrl`; its own words when it fails. */
function run(program: string, args: string[], databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...libpqEnvironment(databaseUrl) },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${program} was not found: install PostgreSQL's client programs (Debian: apt-get install postgresql-client).`
            : error.message,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${program} failed: ${stderr.trim() || `exit ${code}`}`)),
    );
  });
}
