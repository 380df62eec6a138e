import { expect, expectAccessible, test } from './support/fixtures';
import { signInAsAdmin } from './support/accounts';

test('on a 360 px phone the admin reaches the orders through the drawer, and the list scrolls sideways', async ({
  page,
}) => {
  await signInAsAdmin(page);
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

// One test per screen, and one for the dialogs: each is judged by axe, and eight of those in one test
// outran its minute on a busy machine.
for (const [path, heading] of [
  ['/admin/users', 'Users'],
  ['/admin/delivery-rates', 'Delivery Rates'],
  ['/admin/discount-codes', 'Discount Codes'],
  ['/admin/settings', 'Settings'],
  ['/admin/activity', 'Activity'],
] as const) {
  test(`on a 360 px phone ${path} fits, its tables scrolling sideways`, async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(360);
    await expectAccessible(page);
  });
}

test('on a 360 px phone the part-2 dialogs work', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/delivery-rates');
  // A confirmation opens from its row's button and gives the focus back to it when cancelled.
  const remove = page.getByRole('button', { name: /^Delete .* rate for / }).first();
  await remove.click();
  await expect(page.getByRole('alertdialog', { name: 'Are you sure?' })).toContainText(
    'This will permanently delete this delivery rate.',
  );
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(remove).toBeFocused();
  await page.getByRole('link', { name: 'Add Delivery Rate' }).click();
  await page.getByRole('dialog').getByLabel('Delivery Method').selectOption('pickup');
  await expect(page.getByText('No pickup locations added yet.')).toBeVisible();
  await expectAccessible(page);
  await page.goto('/admin/discount-codes');
  await page.getByRole('link', { name: 'Create New Code' }).click();
  await expect(page.getByRole('dialog', { name: 'Create New Discount Code' })).toBeVisible();
  await expectAccessible(page);
});
