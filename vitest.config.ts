import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/integration-global.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // PGlite per test file is CPU-bound: one worker per core.
          maxWorkers: 2,
          // A worker runs its files one after another in one module graph: the server build, React,
          // Better Auth and the drivers are imported once per worker, not once per file (a third of the
          // suite's time was those imports). Each file still opens its own database and server; no test
          // mocks a module or changes process.env, which a shared graph would carry to the next file.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
