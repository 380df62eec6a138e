import path from 'node:path';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from './client';
import { installJobQueue } from './job-queue';

/** The committed migrations, relative to the project root (the server runs from there, bundled or not). */
export const migrationsFolder = path.resolve('db/migrations');

/**
 * Applies the committed migrations that have not run yet, then installs (or upgrades) the job queue's
 * schema, queues and schedules. Safe to call on every start.
 */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migrateNodePg(database.db as unknown as NodePgDatabase, { migrationsFolder });
  }
  await installJobQueue(database);
}
