/**
 * Backups of the shop's database, for both engines:
 * - PostgreSQL: `pg_dump` in its custom format, restored with `pg_restore` in one transaction (all of
 *   it or none of it), dropping what the backup replaces first.
 * - The embedded PGlite: PGlite's own dump of its data directory (a gzipped tar). Restoring loads it
 *   into a new directory, checks that it opens, and only then swaps it in; the directory it replaces
 *   is kept beside it. PGlite has one owner at a time, so both need the shop stopped (the lock says so).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
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
    await restorePostgres(target.databaseUrl, file);
    return {};
  }
  const directory = path.resolve(embeddedDataDir(target.dataDir));
  const release = lockEmbeddedDatabase(target.dataDir);
  try {
    const incoming = `${directory}.restoring`;
    rmSync(incoming, { recursive: true, force: true });
    try {
      const backup = readFileSync(file);
      // A copy cut short fails here, in our hands (PGlite's own unpacking would throw out of reach).
      gunzipSync(backup);
      const loaded = await openPglite({ dataDir: incoming, loadDataDir: new Blob([backup]) });
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

/**
 * pg_restore's script, run by psql in one transaction (all of it or none of it). The script drops what
 * the backup replaces before creating it again; the schemas the backup holds besides `public` (the job
 * queue's, the migrations') are dropped whole first, because PostgreSQL 15's pg_restore cannot drop the
 * primary key of a partition (the job queue keeps a partition per queue) one constraint at a time.
 */
async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  const listing = await run('pg_restore', ['--list', file], databaseUrl);
  const schemas = [...listing.matchAll(/^\d+; \d+ \d+ SCHEMA - (\S+) /gm)]
    .map((match) => match[1]!)
    .filter((name) => name !== 'public');
  const prelude = schemas
    .map((name) => `DROP SCHEMA IF EXISTS "${name.replace(/"/g, '""')}" CASCADE;\n`)
    .join('');
  const restore = spawnClient(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--no-comments', '--file=-', file],
    databaseUrl,
    'pipe',
  );
  const psql = spawnClient(
    'psql',
    ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', '--file=-'],
    databaseUrl,
    'pipe',
  );
  // One transaction, committed only once pg_restore has written all of the script: a backup that
  // breaks off half-way (a truncated file) leaves psql without a COMMIT, and the server rolls it back.
  const input = psql.child.stdin!;
  input.on('error', () => {}); // psql stopped reading: its own error says why.
  input.write(`BEGIN;\n${prelude}`);
  restore.child.stdout!.pipe(input, { end: false });
  const [restored] = await Promise.allSettled([restore.done]);
  if (restored.status === 'fulfilled') input.end('COMMIT;\n');
  else input.end();
  const [ran] = await Promise.allSettled([psql.done]);
  // psql's error first: pg_restore's would only be that psql stopped reading.
  if (ran.status === 'rejected') throw ran.reason;
  if (restored.status === 'rejected') throw restored.reason;
}

/** Runs a PostgreSQL client program against `databaseUrl`: its output, or its own words when it fails. */
async function run(program: string, args: string[], databaseUrl: string): Promise<string> {
  const { child, done } = spawnClient(program, args, databaseUrl, 'ignore');
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  await done;
  return stdout;
}

function spawnClient(
  program: string,
  args: string[],
  databaseUrl: string,
  stdin: 'ignore' | 'pipe',
): { child: ChildProcess; done: Promise<void> } {
  const child = spawn(program, args, {
    stdio: [stdin, 'pipe', 'pipe'],
    env: { ...process.env, ...libpqEnvironment(databaseUrl) },
  });
  const done = new Promise<void>((resolve, reject) => {
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
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
  return { child, done };
}
