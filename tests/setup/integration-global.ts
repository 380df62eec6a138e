import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '#db/client';
import { runMigrations } from '#db/migrate';
import { seedDatabase } from '#server/seed';
import { createServices } from '#server/services';
import { MemoryMailer } from '../support/memory-mailer';
import { quietLogger } from '../support/quiet-logger';
import { testEnv } from '../support/test-env';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/constants';
import { enrolTwoFactor } from '../support/two-factor';
import { eq } from 'drizzle-orm';
import * as schema from '#db/schema';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a migrated and seeded data directory dump each test file starts from. */
    pgliteTemplate: string;
    /** PostgreSQL: the name of the migrated and seeded template database. */
    postgresTemplate: string;
  }
}

async function seed(
  database: Awaited<ReturnType<typeof openPglite>> | Awaited<ReturnType<typeof openPostgres>>,
) {
  await runMigrations(database);
  const services = createServices(testEnv(), quietLogger, database, new MemoryMailer());
  await seedDatabase(database.db, services.auth, quietLogger, {
    demo: true,
    admin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  // The operator's administrator has two-factor sign-in, as the admin door requires (tests/support/two-factor.ts).
  const [admin] = await database.db.select().from(schema.user).where(eq(schema.user.email, ADMIN_EMAIL));
  await enrolTwoFactor(services.auth, database.db, admin!.id);
}

export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const templateName = `fc_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${templateName}`);
    await admin.query(`create database ${templateName}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${templateName}`;
    const database = await openPostgres(url.toString(), 2);
    await seed(database);
    await database.close();
    project.provide('postgresTemplate', templateName);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`drop database if exists ${templateName} with (force)`);
      await admin.end();
    };
  }
  const database = await openPglite();
  await seed(database);
  const dump = await database.client.dumpDataDir('gzip');
  await database.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'freshcatch-template-'));
  const file = path.join(dir, 'template.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
