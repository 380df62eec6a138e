/**
 * `npm run db:migrate`, `npm run db:seed`, `npm run db:backup [FILE]` and `npm run db:restore FILE`.
 * With the embedded database these need the shop to be stopped (PGlite allows one owner; the lock says
 * so). The shop also migrates and seeds on start.
 */
import pino from 'pino';
import { BackupError, backupDatabase, defaultBackupFile, restoreDatabase } from '../db/backup';
import { DatabaseLockedError, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedDatabase } from '../server/seed';
import { loadEnv } from '../server/env';
import { createServices } from '../server/services';

const [command, fileArgument] = process.argv.slice(2);
const USAGE = 'usage: tsx scripts/db.ts migrate | seed | backup [FILE] | restore FILE';
if (
  !['migrate', 'seed', 'backup', 'restore'].includes(command ?? '') ||
  (command === 'restore' && !fileArgument)
) {
  console.error(USAGE);
  process.exit(2);
}
const env = loadEnv();
const logger = pino({ level: env.LOG_LEVEL });
const target = { databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR };
try {
  if (command === 'backup') {
    const file = fileArgument ?? defaultBackupFile(target);
    await backupDatabase(target, file);
    console.log(`backup written to ${file}`);
  } else if (command === 'restore') {
    const { previous } = await restoreDatabase(target, fileArgument!);
    console.log(`restored from ${fileArgument}`);
    if (previous) console.log(`the database it replaced is kept in ${previous}`);
  } else {
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    try {
      await runMigrations(database);
      console.log('migrations applied');
      if (command === 'seed') {
        const { auth } = createServices(env, logger, database);
        await seedDatabase(database.db, auth, logger, {
          demo: env.SEED_DEMO_DATA,
          admin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
        });
        console.log('seed applied');
      }
    } finally {
      await database.close();
    }
  }
} catch (error) {
  if (error instanceof DatabaseLockedError || error instanceof BackupError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
