/**
 * For `npm run auth:schema` only: the Better Auth CLI reads this to generate the auth tables.
 * It builds the real auth options with stand-ins for the database and job queue (the CLI never calls them).
 */
import pino from 'pino';
import { createAuth } from '../core/accounts/auth';
import type { Db } from '../db/client';

export const auth = createAuth({
  db: {} as Db,
  jobs: {
    send: async () => '',
    retry: async () => false,
    state: async () => null,
    runNow: async () => 'taken',
  },
  logger: pino({ level: 'silent' }),
  baseUrl: 'http://localhost:3000',
  secret: 'schema-generation-only-schema-generation-only',
  loginRateLimit: { max: 5, windowSeconds: 60 },
  signUpsPerMinute: 10,
});
