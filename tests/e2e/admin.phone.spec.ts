import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support/fixtures';
import { signInAsAdmin } from './support/accounts';
import { E2E_BUYER, E2E_FREE_DELIVERY_MINIMUM } from './support/constants';

const PHONE_WIDTH = 360;

/**
 * Nothing on the page reaches past the screen's edge: not the page itself, and not a table scrolling
 * sideways inside its box (the orders table once was 920 px wide in a 326 px box, Amount, Status
 * and View off-screen with no hint).
 */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
  for (const table of await page.getByRole('table').all()) await expectOnScreenSideways(table);
}

/** Wholly between the screen's left and right edges where it sits, without scrolling anything sideways. */
async function expectOnScreenSideways(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'laid out').not.toBeNull();
  expect(box!.width, 'drawn, not a screen-reader-only box').toBeGreaterThan(1);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE_WIDTH);
}

/** The cell of `row` under the column headed `column`. */
async function cellUnder(page: Page, row: Locator, column: string): Promise<Locator> {
  const headings = await page.getByRole('columnheader').allTextContents();
  const index = headings.findIndex((heading) => heading.startsWith(column));
  expect(index, `a column headed ${column}`).toBeGreaterThanOrEqual(0);
  return row.getByRole('cell').nth(index);
}

/** A list's first row (the heading row is row 0). */
const firstRow = (page: Page) => page.getByRole('row').nth(1);

test('on a 360 px phone the dashboard ends where its content does', async ({ page }) => {
  await signInAsAdmin(page);
  await expect(page.getByText('Paid revenue per day')).toBeVisible();
  // The chart's figures are still there for screen readers…
  await expect(page.getByRole('table', { name: 'Paid orders and revenue per day' })).toBeAttached();
  // …but take no room: the page once scrolled ~700 px past its last card into an invisible table.
  const { scrollHeight, bodyHeight } = await page.evaluate(() => ({
    scrollHeight: document.documentElement.scrollHeight,
    bodyHeight: document.body.getBoundingClientRect().height,
  }));
  expect(scrollHeight).toBeLessThanOrEqual(Math.ceil(bodyHeight) + 1);
  await expectAccessible(page);
});

test('on a 360 px phone the admin reaches the orders through the drawer; Amount, Status and View are on the screen', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  // The drawer closes on navigation.
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  const row = firstRow(page);
  await expectOnScreenSideways(await cellUnder(page, row, 'Amount'));
  await expect(await cellUnder(page, row, 'Amount')).toContainText('₦');
  await expectOnScreenSideways(await cellUnder(page, row, 'Status'));
  const view = row.getByRole('link', { name: /View order/ });
  await expectOnScreenSideways(view);
  await expectAccessible(page);

  await view.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page);
});

test('on a 360 px phone the products list shows each product whole, its Edit and Delete on the screen', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/admin/products');
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);
  const row = firstRow(page);
  for (const column of ['Price/Weight', 'Status', 'Actions'])
    await expectOnScreenSideways(await cellUnder(page, row, column));
  const remove = row.getByRole('button', { name: /^Delete / });
  await expectOnScreenSideways(remove);
  await remove.click();
  await expect(page.getByRole('alertdialog', { name: 'Delete product' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  const edit = row.getByRole('link', { name: /^Edit / });
  await expectOnScreenSideways(edit);
  await expectAccessible(page);
  await edit.click();
  await expect(page.getByRole('dialog', { name: 'Edit Product' })).toBeVisible();
});

test('on a 360 px phone the users list shows each user whole, its actions on the screen', async ({
  page,
}) => {
  await signInAsAdmin(page);
  // Found by the search: the suite's other tests sign up enough shoppers to push the buyer, one of the
  // first, past the list's first page.
  await page.goto(`/admin/users?q=${encodeURIComponent(E2E_BUYER.email)}`);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);
  const row = page.getByRole('row').filter({ hasText: E2E_BUYER.email });
  for (const column of ['Contact', 'Joined', 'Role', 'Actions'])
    await expectOnScreenSideways(await cellUnder(page, row, column));
  await expectOnScreenSideways(row.getByRole('link', { name: /^Details of / }));
  await expectOnScreenSideways(row.getByRole('button', { name: /^Make .* an admin$/ }));
  await expectOnScreenSideways(row.getByRole('button', { name: /^Delete / }));
  await expectAccessible(page);
  await row.getByRole('link', { name: /^Details of / }).click();
  await expect(page.getByRole('dialog')).toContainText('User details');
});

test('on a 360 px phone the discount codes show their type in words, sort, and keep Edit and Delete on the screen', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/admin/discount-codes');
  await expect(page.getByRole('heading', { name: 'Discount Codes', level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);
  const row = page.getByRole('row').filter({ hasText: E2E_FREE_DELIVERY_MINIMUM.code });
  const type = await cellUnder(page, row, 'Type');
  await expectOnScreenSideways(type);
  await expect(type).toHaveText('Free delivery');
  await expect(page.getByRole('table')).not.toContainText('free_delivery');
  // The sortable headings stay in sight (and in reach) above the cards.
  await expectOnScreenSideways(page.getByRole('link', { name: /sort by expires/ }));
  const edit = row.getByRole('link', { name: `Edit ${E2E_FREE_DELIVERY_MINIMUM.code}` });
  await expectOnScreenSideways(edit);
  await expectOnScreenSideways(row.getByRole('button', { name: `Delete ${E2E_FREE_DELIVERY_MINIMUM.code}` }));
  await expectAccessible(page);
  await edit.click();
  const dialog = page.getByRole('dialog', { name: 'Edit Discount Code' });
  await expect(dialog.getByLabel('Type').locator('option:checked')).toHaveText('Free delivery');
});

test('on a 360 px phone the delivery rates keep Edit and Delete on the screen', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/delivery-rates');
  await expect(page.getByRole('heading', { name: 'Delivery Rates', level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);
  const row = firstRow(page);
  for (const column of ['Base Rate', 'Pickup Locations', 'Actions'])
    await expectOnScreenSideways(await cellUnder(page, row, column));
  await expectOnScreenSideways(row.getByRole('button', { name: /^Delete .* rate for / }));
  const edit = row.getByRole('link', { name: /^Edit .* rate for / });
  await expectOnScreenSideways(edit);
  await expectAccessible(page);
  await edit.click();
  await expect(page.getByRole('dialog', { name: 'Edit Delivery Rate' })).toBeVisible();
});

// One test per screen, and one for the dialogs: each is judged by axe, and eight of those in one test
// outran its minute on a busy machine.
for (const [path, heading] of [
  ['/admin/settings', 'Settings'],
  ['/admin/activity', 'Activity'],
] as const) {
  test(`on a 360 px phone ${path} fits`, async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);
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
