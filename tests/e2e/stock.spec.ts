import { adminPage } from './support/accounts';
import { expect, expectAccessible, test, visit } from './support/fixtures';
import { completeProfile, signedInShopper } from './support/shopping';

/** A Lagos calendar day `days` from today, as a date field takes it. */
function lagosDay(days: number): string {
  return new Date(Date.now() + 60 * 60 * 1000 + days * 86_400_000).toISOString().slice(0, 10);
}

// Issue 33: the owner counts a product's stock and receives a dated batch; a buyer sees how much is
// left and how old it is, buys the lot, and the product turns Out of Stock. Smoked Croaker is no other
// journey's product. (The catalogue's guest page cache may show a page up to ~40 s old, decision 006:
// each look at the product page here is a new address, so it is rendered afresh.)
test('the owner receives a batch; a buyer sees "Only 2 kg left", buys it all, and it is Out of Stock', async ({
  page,
  browser,
}) => {
  test.slow();
  const admin = await adminPage(browser);
  await admin.goto('/admin/products?q=smoked%20croaker');
  await admin.getByRole('link', { name: 'Stock of Smoked Croaker' }).click();
  await expect(admin.getByRole('heading', { name: 'Stock of Smoked Croaker' })).toBeVisible();
  const productId = admin.url().match(/\/admin\/stock\/(\d+)/)![1];
  await admin.getByLabel('Count stock in').selectOption('kg');
  await admin.getByRole('button', { name: 'Save' }).click();
  const receive = admin.getByRole('region', { name: 'Receive a batch' });
  await expect(receive).toBeVisible();
  await receive.getByLabel('Quantity (kg)').fill('2');
  await receive.getByLabel('The date is when it was').selectOption('smoked');
  await receive.getByLabel('Date', { exact: true }).fill(lagosDay(-2));
  await receive.getByLabel('Best before (optional)').fill(lagosDay(10));
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(admin.getByText('Stock received').first()).toBeVisible();
  await expect(admin.getByText('2 kg to sell')).toBeVisible();
  await expectAccessible(admin);

  await admin.goto('/admin/stock');
  await expect(admin.getByRole('region', { name: 'Low stock' })).toContainText(
    'Smoked Croaker2 kg left to sell',
  );
  await expectAccessible(admin);

  await signedInShopper(page, 'Ebere Stock');
  await completeProfile(page);
  await visit(page, `/products/${productId}?look=1`);
  await expect(page.getByText('Only 2 kg left')).toBeVisible();
  await expect(page.getByText('Smoked 2 days ago')).toBeVisible();
  const increase = page.getByRole('button', { name: 'Increase quantity' });
  await increase.click();
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('2');
  // Two is all there is: the stepper stops there.
  await expect(increase).toBeDisabled();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add to Cart: Smoked Croaker' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('2');

  await visit(page, '/checkout');
  await page.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(page).toHaveURL(/\/checkout\/demo\//);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/order-success\?reference=/);

  await visit(page, `/products/${productId}?look=2`);
  await expect(page.getByText('Out of Stock').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  await expect(page.getByText('Only 2 kg left')).toHaveCount(0);

  await admin.goto(`/admin/stock/${productId}`);
  await expect(admin.getByText('0 kg on hand · 0 kg held by unpaid orders · 0 kg to sell')).toBeVisible();
  await expect(admin.getByRole('cell', { name: 'Sold out' })).toBeVisible();
  await admin.context().close();
});
