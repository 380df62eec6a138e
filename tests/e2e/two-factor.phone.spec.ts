import type { Page } from '@playwright/test';
import { TWO_FACTOR } from '../../core/accounts/two-factor-rules';
import { codeForKey } from '../support/totp';
import { TEST_BACKUP_CODES } from '../support/two-factor-codes';
import { E2E_ADMIN } from './support/constants';
import { expect, expectAccessible, test } from './support/fixtures';
import { signedInShopper } from './support/shopping';

// Issue 52 §1 on a 360 px phone: a backup code signs the administrator in once; a shopper turns
// two-factor sign-in on from the key the page shows, and signing in then asks for the app's code.

async function passwordStep(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\/two-factor/);
}

test('a lost phone: a backup code signs the administrator in once, and is refused the second time', async ({
  browser,
}) => {
  const code = TEST_BACKUP_CODES[7]!;
  for (const attempt of ['first', 'second'] as const) {
    const context = await browser.newContext({
      viewport: { width: 360, height: 780 },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await passwordStep(page);
    await page.getByRole('link', { name: 'Use a backup code instead' }).click();
    await expect(page.getByText(TWO_FACTOR.backupHelp)).toBeVisible();
    await page.getByLabel('Backup code').fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    if (attempt === 'first') {
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByText('Welcome to the admin dashboard')).toBeVisible();
    } else {
      await expect(page.getByText(TWO_FACTOR.wrongCode).first()).toBeVisible();
      await expect(page).toHaveURL(/\/login\/two-factor/);
      await expectAccessible(page);
      await page.screenshot({ path: 'test-results/two-factor-backup-refused-360.png', fullPage: true });
    }
    await context.close();
  }
});

test('a shopper turns two-factor sign-in on from the key the page shows; signing in then asks for the code', async ({
  page,
}) => {
  const shopper = await signedInShopper(page, 'Careful Buyer');
  await page.goto('/account?tab=settings');
  await page.getByRole('link', { name: 'Set up or manage two-factor sign-in' }).click();
  await expect(page.getByRole('heading', { name: TWO_FACTOR.off })).toBeVisible();
  await page.getByLabel('Your password (set up two-factor sign-in)', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Set up two-factor sign-in', exact: true }).click();
  const key = (await page.getByTestId('two-factor-key').textContent())!;
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/two-factor-setup-360.png', fullPage: true });
  await page.getByLabel('Code from your authenticator app').fill(await codeForKey(key));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('heading', { name: TWO_FACTOR.on })).toBeVisible();
  // The "on" card: one password field, and a button for each thing it may do with it.
  await page.goto('/account/two-factor');
  const on = page.getByRole('region', { name: TWO_FACTOR.on });
  await expect(on.getByLabel('Your password', { exact: true })).toHaveCount(1);
  await expect(on.getByRole('button', { name: 'Set up on a new phone' })).toBeVisible();
  await expect(on.getByRole('button', { name: 'Turn off' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/two-factor-on-360.png', fullPage: true });

  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login\/two-factor/);
  await page.getByLabel('Code from your authenticator app').fill(await codeForKey(key));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
});
