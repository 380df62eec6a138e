import { defineConfig } from 'drizzle-kit';

// Only `generate` uses this file: migrations are applied by the app itself (db/migrate.ts), because
// the embedded database may have only one owner at a time.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema/index.ts',
  out: './db/migrations',
});
