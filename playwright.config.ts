import { defineConfig, devices } from '@playwright/test';
import { E2E_PORT } from './tests/e2e/support/constants';
import { chromiumLaunchOptions } from './tests/support/shop';

const baseURL = `http://localhost:${E2E_PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // A journey takes up to ~50 s on a calm machine; this one's speed swings 3–4× from hour to hour, and
  // CI may share it with a busy core. The limit catches a hang, not a slow page: no test measures time.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // One retry in CI; Playwright still reports a test that needed it as flaky.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // As a visitor who asked for less motion: toasts and transitions appear whole at once (the shop and
    // its toast library honour the setting), so axe judges what a person sees, never a fade half-way
    // on a slow CPU (issue 36: a toast caught fading in failed color-contrast on one machine, not another).
    contextOptions: { reducedMotion: 'reduce' },
    // The shop's service worker answers pages and scripts from the phone; a journey that intercepts
    // requests (page.route) would not see those. tests/e2e/offline.spec.ts turns it on (decision 048).
    serviceWorkers: 'block',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: ['**/*.phone.spec.ts', '**/*.books.spec.ts'],
    },
    {
      name: 'phone',
      use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
      testMatch: '**/*.phone.spec.ts',
    },
    {
      // The shop's books (dashboard figures against the orders' own export), read once every other
      // journey has run, so no other test moves them meanwhile. `--no-deps` runs them alone.
      name: 'books',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: '**/*.books.spec.ts',
      dependencies: ['desktop', 'phone'],
    },
  ],
  webServer: {
    command: 'tsx tests/e2e/support/serve.ts',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
