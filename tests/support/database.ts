import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '#db/client';

export interface TestDatabase extends Database {
  /** Which engine this run of the suite uses. */
  engine: 'pglite' | 'postgres';
  /** PostgreSQL: the database's own URL, for a child process of the test to open it too. */
  url?: string;
  /** PGlite: the embedded engine's client (copyToDataDir copies the database out through it). */
  client?: PGlite;
}

/**
 * A database of this test file's own: a copy of the migrated, seeded template (PGlite by default,
 * PostgreSQL when DATABASE_URL is set). Close it in afterAll.
 */
export async function createTestDatabase(
  options: {
    /** PostgreSQL: how the shop reaches the database (a test may route it through a proxy it controls). */
    connectVia?: (url: URL) => URL;
  } = {},
): Promise<TestDatabase> {
  const postgresTemplate = inject('postgresTemplate');
  const databaseUrl = process.env.DATABASE_URL;
  if (postgresTemplate && databaseUrl) {
    const name = `fc_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${postgresTemplate}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const database = await openPostgres((options.connectVia?.(url) ?? url).toString(), 5);
    return {
      ...database,
      engine: 'postgres',
      url: url.toString(),
      close: async () => {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = readFileSync(inject('pgliteTemplate'));
  const database = await openPglite({ loadDataDir: new Blob([dump]) });
  return { ...database, engine: 'pglite' };
}

/**
 * PGlite: a copy of the test's database (in memory) in a data directory on disk, `dataDir` (absent or
 * empty), closed: for a process of its own to open as the shop opens its embedded database. Dumped after a
 * checkpoint, between two of this process's statements (PGlite runs one at a time): what is committed.
 */
export async function copyToDataDir(database: TestDatabase, dataDir: string): Promise<void> {
  if (!database.client) throw new Error('copyToDataDir: a PGlite database only');
  await database.client.exec('checkpoint');
  const copy = await openPglite({ dataDir, loadDataDir: await database.client.dumpDataDir('none') });
  await copy.close();
}
