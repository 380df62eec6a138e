/**
 * `npm run db:migrate` and `npm run db:seed`. With the embedded database these need the shop to be
 * stopped (PGlite allows one owner; the lock says so). The shop also migrates and seeds on start.
 */
import pino from 'pino';
import { DatabaseLockedError, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedDatabase } from '../db/seed';
import { loadEnv } from '../server/env';
import { createServices } from '../server/services';

const command = process.argv[2];
if (command !== 'migrate' && command !== 'seed') {
  console.error('usage: tsx scripts/db.ts migrate|seed');
  process.exit(2);
}
const env = loadEnv();
const logger = pino({ level: env.LOG_LEVEL });
try {
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
} catch (error) {
  if (error instanceof DatabaseLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
