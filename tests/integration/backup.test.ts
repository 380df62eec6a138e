import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { BackupError, backupDatabase, libpqEnvironment, restoreDatabase } from '#db/backup';
import { DatabaseLockedError, openDatabase, type Database } from '#db/client';
import { runMigrations } from '#db/migrate';
import { newsletterSubscribers } from '#db/schema';

const scratch = mkdtempSync(path.join(tmpdir(), 'freshcatch-backup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function withDatabase<T>(
  target: { databaseUrl?: string; dataDir: string },
  work: (database: Database) => Promise<T>,
) {
  const database = await openDatabase(target);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

const emails = (database: Database) =>
  database.db
    .select({ email: newsletterSubscribers.email })
    .from(newsletterSubscribers)
    .orderBy(asc(newsletterSubscribers.email))
    .then((rows) => rows.map((row) => row.email));

/** Backs up, changes, restores, and finds the data as it was; a file that is not a backup changes nothing. */
async function backUpChangeRestore(target: { databaseUrl?: string; dataDir: string }, file: string) {
  await withDatabase(target, async (database) => {
    await runMigrations(database);
    await database.db
      .insert(newsletterSubscribers)
      .values([{ email: 'ada@example.ng' }, { email: 'bisi@example.ng' }]);
  });
  await backupDatabase(target, file);
  expect(existsSync(file)).toBe(true);

  await withDatabase(target, async (database) => {
    await database.db.delete(newsletterSubscribers);
    await database.db.insert(newsletterSubscribers).values({ email: 'chinedu@example.ng' });
    expect(await emails(database)).toEqual(['chinedu@example.ng']);
  });

  await restoreDatabase(target, file);
  await withDatabase(target, async (database) =>
    expect(await emails(database)).toEqual(['ada@example.ng', 'bisi@example.ng']),
  );

  // A backup that breaks off (a copy cut short) is refused, and changes nothing: not even in part.
  const cut = path.join(scratch, `cut-short-${Date.now()}`);
  const whole = readFileSync(file);
  writeFileSync(cut, whole.subarray(0, whole.length - 64));
  await expect(restoreDatabase(target, cut)).rejects.toBeInstanceOf(BackupError);
  await withDatabase(target, async (database) =>
    expect(await emails(database)).toEqual(['ada@example.ng', 'bisi@example.ng']),
  );

  const notABackup = path.join(scratch, `not-a-backup-${Date.now()}`);
  writeFileSync(notABackup, 'this is not a backup');
  await expect(restoreDatabase(target, notABackup)).rejects.toBeInstanceOf(BackupError);
  await expect(restoreDatabase(target, path.join(scratch, 'missing'))).rejects.toThrow(
    /There is no backup file/,
  );
  await withDatabase(target, async (database) =>
    expect(await emails(database)).toEqual(['ada@example.ng', 'bisi@example.ng']),
  );
}

// The embedded database's tests open a data directory of their own whatever the run's engine: they run
// on the PGlite pass, and the PostgreSQL pass (DATABASE_URL) would only run them again unchanged.
const embedded = !process.env.DATABASE_URL;

describe('npm run db:backup and db:restore', () => {
  it.runIf(embedded)(
    'the embedded database: a dump of its data directory, swapped in only once it opens',
    async () => {
      const dataDir = path.join(scratch, 'data');
      await backUpChangeRestore({ dataDir }, path.join(scratch, 'embedded.tar.gz'));
      // The directory it replaced is kept beside it.
      const kept = readdirSync(dataDir).filter((name) => name.includes('before-restore'));
      expect(kept).toHaveLength(1);
    },
  );

  it.runIf(embedded)('the embedded database is not backed up or restored under a running shop', async () => {
    const dataDir = path.join(scratch, 'locked');
    await withDatabase({ dataDir }, (database) => runMigrations(database));
    const file = path.join(scratch, 'locked.tar.gz');
    await backupDatabase({ dataDir }, file);
    await withDatabase({ dataDir }, async () => {
      await expect(backupDatabase({ dataDir }, path.join(scratch, 'other.tar.gz'))).rejects.toBeInstanceOf(
        DatabaseLockedError,
      );
      await expect(restoreDatabase({ dataDir }, file)).rejects.toBeInstanceOf(DatabaseLockedError);
    });
  });

  it.runIf(process.env.DATABASE_URL)('PostgreSQL: pg_dump and pg_restore in one transaction', async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const name = `fc_backup_${Date.now()}`;
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      await backUpChangeRestore(
        { databaseUrl: url.toString(), dataDir: scratch },
        path.join(scratch, 'pg.dump'),
      );
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  it('hands libpq the connection through its environment, never on a command line', () => {
    expect(libpqEnvironment('postgres://shop:s%40cret@db.internal:5433/freshcatch?sslmode=require')).toEqual({
      PGHOST: 'db.internal',
      PGPORT: '5433',
      PGUSER: 'shop',
      PGPASSWORD: 's@cret',
      PGDATABASE: 'freshcatch',
      PGSSLMODE: 'require',
    });
  });
});
