import { loadEnv, type Env } from '#server/env';
import { shopEnv } from './shop';

/** A complete, valid environment for tests, without touching process.env. */
export function testEnv(overrides: Record<string, string | undefined> = {}): Env {
  return loadEnv(
    shopEnv({
      NODE_ENV: 'test',
      PORT: '0',
      PUBLIC_URL: 'http://localhost:3999',
      DATA_DIR: '/tmp/freshcatch-test-unused',
      LOG_LEVEL: 'silent',
      ...overrides,
    }),
  );
}
