import type { Locator, Page } from '@playwright/test';
import { adminPage } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { E2E_ADMIN } from './support/constants';
import { codeForKey } from '../support/totp';
import { TWO_FACTOR } from '../../core/accounts/two-factor-rules';
import { addToCart, completeProfile, payByDemo, signedInShopper } from './support/shopping';

// Discount codes, delivery rates, roles and the audit log, as an admin and a shopper use them.

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name }).click();

/** The Usage column's counts, top to bottom. */
async function usages(table: Locator): Promise<number[]> {
  const cells = await table.locator('tbody tr td:nth-child(5)').allTextContents();
  return cells.map((text) => Number(text.split('/')[0]!.trim()));
}

test('create PERCENT10 and a pickup rate → a shopper uses both at checkout → usage 1, sorted both ways → grant and revoke admin → every step in the activity log', async ({
  page,
  browser,
}) => {
  test.slow();
  const suffix = Date.now().toString(36).slice(-5).toUpperCase();
  const code = `PERCENT10${suffix}`;
  const town = `Bori ${suffix}`;
  const admin = await adminPage(browser);

  // A percent code, typed in lower case.
  await nav(admin, 'Discount Codes');
  await expect(admin.getByRole('heading', { name: 'Discount Codes', level: 1 })).toBeVisible();
  await expect(admin.getByText('Free delivery for the first 20 customers in Port Harcourt')).toBeVisible();
  await expectAccessible(admin);
  await admin.getByRole('link', { name: 'Create New Code' }).click();
  const create = admin.getByRole('dialog', { name: 'Create New Discount Code' });
  await create.getByLabel('Code').fill(code.toLowerCase());
  await create.getByLabel('Type').selectOption('percent');
  await expect(create.getByLabel('Discount Amount (₦)')).toHaveCount(0);
  await create.getByLabel('Discount Percent (%)').fill('10');
  await expectAccessible(admin);
  await create.getByRole('button', { name: 'Create Code' }).click();
  await expect(admin.getByText('Discount code created successfully')).toBeVisible();
  const codeRow = admin.getByRole('row').filter({ hasText: code });
  await expect(codeRow).toContainText('10%');
  await expect(codeRow).toContainText('No restriction');
  await expect(codeRow).toContainText('Never');
  await expect(codeRow).toContainText('Active');

  // A pickup rate with two pickup points.
  await nav(admin, 'Delivery Rates');
  await admin.getByRole('link', { name: 'Add Delivery Rate' }).click();
  const rate = admin.getByRole('dialog', { name: 'Add Delivery Rate' });
  await rate.getByLabel('Location').fill(town);
  await rate.getByLabel('Delivery Method').selectOption('pickup');
  await rate.getByLabel('Base Rate (₦)').fill('1500');
  await expect(rate.getByText('No pickup locations added yet.')).toBeVisible();
  for (const point of ['Bori Market Gate', 'Kpean Junction', '  bori market gate ']) {
    await rate.getByLabel('New pickup location').fill(point);
    await rate.getByRole('button', { name: 'Add', exact: true }).click();
  }
  await expect(rate.getByRole('list', { name: 'Pickup locations' }).getByRole('listitem')).toHaveCount(2);
  await expectAccessible(admin);
  await rate.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Delivery rate added successfully')).toBeVisible();
  const rateRow = admin.getByRole('row').filter({ hasText: town });
  await expect(rateRow).toContainText('₦1,500');
  await expect(rateRow.getByRole('listitem')).toHaveText(['Bori Market Gate', 'Kpean Junction']);
  await expectAccessible(admin);

  // The shopper picks one of the points and uses the code.
  const shopperName = `Nkem Pickup ${suffix}`;
  const shopper = await signedInShopper(page, shopperName);
  await completeProfile(page, town);
  await addToCart(page, 'snapper', 'Red Snapper');
  await page.goto('/checkout');
  await page.getByRole('radio', { name: /Pickup/ }).check();
  await page.getByLabel('Pickup point').selectOption('Kpean Junction');
  await page.getByLabel('Discount code', { exact: true }).fill(code.toLowerCase());
  await expect(page.locator('#discount-status')).toHaveText('10% discount applied!');
  await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText('₦1,500');
  await payByDemo(page);

  // Its usage shows 1; the Usage header sorts both ways, through links.
  await nav(admin, 'Discount Codes');
  const table = admin.getByRole('table');
  await table.getByRole('link', { name: /^Usage/ }).click();
  await expect(admin).toHaveURL(/sort=usage&dir=asc/);
  // The address changes as the navigation starts: the rows are the sorted ones once the heading says so,
  // and they are read until they are (a slow machine may still be drawing the old page).
  const usageHeader = table.getByRole('columnheader', { name: /Usage/ });
  await expect(usageHeader).toHaveAttribute('aria-sort', 'ascending');
  const sorted = (direction: 1 | -1) => async () => {
    const counts = await usages(table);
    return counts.join() === [...counts].sort((a, b) => direction * (a - b)).join();
  };
  await expect.poll(sorted(1)).toBe(true);
  await table.getByRole('link', { name: /^Usage/ }).click();
  await expect(admin).toHaveURL(/sort=usage&dir=desc/);
  await expect(usageHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(sorted(-1)).toBe(true);
  await expect(admin.getByRole('row').filter({ hasText: code }).getByRole('cell').nth(4)).toHaveText('1');
  await expectAccessible(admin);

  // Grant admin to the shopper: they reach /admin. Revoke: signed out everywhere at once.
  await nav(admin, 'Users');
  // On a desktop screen the whole list fits, actions included: a long user id wraps instead of
  // widening the table until its last column scrolls out of sight.
  await expect(admin.getByRole('row').nth(2)).toBeVisible();
  const fits = await admin
    .getByRole('table')
    .evaluate((table) => table.parentElement!.scrollWidth <= table.parentElement!.clientWidth);
  expect(fits).toBe(true);
  await admin.getByLabel('Search users').fill(shopper.email);
  await admin.getByRole('button', { name: 'Search' }).click();
  const userRow = admin.getByRole('row').filter({ hasText: shopper.email });
  await expect(userRow).toHaveCount(1);
  await expect(userRow).toContainText('User');
  await expectAccessible(admin);
  // 'Refresh Users' reloads the list in place, with 5 skeleton rows meanwhile (held back here so they show).
  await admin.route('**/admin/users.data*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await admin.getByRole('link', { name: 'Refresh Users' }).click();
  await expect(admin.getByTestId('user-skeleton')).toHaveCount(5);
  await expect(userRow).toHaveCount(1);
  await expect(admin.getByTestId('user-skeleton')).toHaveCount(0);
  await admin.unroute('**/admin/users.data*');
  await userRow.getByRole('button', { name: `Make ${shopperName} an admin` }).click();
  const grant = admin.getByRole('alertdialog');
  await expect(grant).toContainText('Are you sure you want to make this user an admin?');
  await expectAccessible(admin);
  await grant.getByRole('button', { name: 'Make admin' }).click();
  await expect(admin.getByText('User has been granted admin privileges')).toBeVisible();
  // A new admin sets up two-factor sign-in before any admin page: the key shown, the code computed
  // from it as an authenticator app would, and on to the dashboard.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/account\/two-factor\?redirectTo=%2Fadmin$/);
  await expect(page.getByText(TWO_FACTOR.required)).toBeVisible();
  await page.getByLabel('Your password (set up two-factor sign-in)', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Set up two-factor sign-in', exact: true }).click();
  const key = (await page.getByTestId('two-factor-key').textContent())!;
  await expect(page.getByRole('list', { name: 'Your backup codes' }).getByRole('listitem')).toHaveCount(10);
  await expectAccessible(page);
  await page.getByLabel('Code from your authenticator app').fill(await codeForKey(key));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await userRow.getByRole('button', { name: `Remove admin privileges from ${shopperName}` }).click();
  const revoke = admin.getByRole('alertdialog');
  await expect(revoke).toContainText('Are you sure you want to remove admin privileges from this user?');
  await revoke.getByRole('button', { name: 'Remove admin' }).click();
  await expect(admin.getByText('Admin privileges have been removed from this user')).toBeVisible();
  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Forders$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();

  // Every step is in the activity log, linked from the dashboard.
  await nav(admin, 'Dashboard');
  await admin.getByRole('link', { name: 'View activity' }).click();
  await expect(admin.getByRole('heading', { name: 'Activity' })).toBeVisible();
  const log = admin.getByRole('table');
  await expect(log.getByRole('row').filter({ hasText: `Created discount code ${code}` })).toHaveCount(1);
  await expect(
    log.getByRole('row').filter({ hasText: `Created delivery rate ${town} — Pickup` }),
  ).toHaveCount(1);
  await expect(
    log.getByRole('row').filter({ hasText: `Granted admin privileges to user ${shopperName}` }),
  ).toHaveCount(1);
  await expect(
    log.getByRole('row').filter({ hasText: `Removed admin privileges from user ${shopperName}` }),
  ).toHaveCount(1);
  await expectAccessible(admin);
  await admin.getByLabel('What changed').selectOption('user');
  await admin.getByRole('button', { name: 'Filter' }).click();
  await expect(admin).toHaveURL(/kind=user/);
  await expect(log.getByRole('row').filter({ hasText: 'discount code' })).toHaveCount(0);
  await expect(log.getByRole('row').filter({ hasText: shopperName })).toHaveCount(2);
  await admin.context().close();
});

test('admin settings: the profile is saved and the account settings are one link away', async ({
  browser,
}) => {
  const admin = await adminPage(browser);
  await admin.getByText(E2E_ADMIN.email).first().click();
  await admin.locator('details').getByRole('link', { name: 'Settings' }).click();
  await expect(admin.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Profile Information' })).toBeVisible();
  await expectAccessible(admin);
  const phone = admin.getByLabel('Phone Number');
  // Typed the international way, kept as +234…, shown the way people here write it.
  await phone.fill('+234 803 555 0177');
  await admin.getByRole('button', { name: 'Save Changes' }).click();
  await expect(admin.getByText('Profile updated successfully')).toBeVisible();
  await admin.reload();
  await expect(phone).toHaveValue('0803 555 0177');
  await expect(admin.getByRole('link', { name: 'Go to Account Settings' })).toHaveAttribute(
    'href',
    '/account',
  );
  await admin.context().close();
});
