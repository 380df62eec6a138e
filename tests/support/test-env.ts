import { loadEnv, type Env } from '#server/env';

/** A complete, valid environment for tests, without touching process.env. */
export function testEnv(overrides: Record<string, string | undefined> = {}): Env {
  return loadEnv({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://localhost:3999',
    DATA_DIR: '/tmp/freshcatch-test-unused',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-123',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}
