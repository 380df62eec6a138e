import { expect, expectAccessible, test } from './support/fixtures';
import { E2E_ADMIN } from './support/constants';

test('on a 360 px phone the admin reaches the orders through the drawer, and the list scrolls sideways', async ({
  page,
}) => {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Paid revenue per day')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  // The drawer closes on navigation.
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Order ID' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await expectAccessible(page);

  await page
    .getByRole('link', { name: /View order/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page);
});
