import { adminPage } from './support/accounts';
import { signedInShopper } from './support/shopping';
import { expect, expectAccessible, test } from './support/fixtures';

// Issue 51 §1 at 360 px: a farmer applies to sell from their farm book, sees the name the bank gives
// the account before applying, and the owner approves them at /admin/sellers.
test('a farmer applies to sell with a checked account, and the owner approves them', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  await signedInShopper(page, 'Tamuno Seller');
  await page.goto('/farm');
  await page.getByLabel('Farm name').fill('Bonny Catfish Farm');
  await page.getByLabel('State').selectOption('Rivers');
  await page.getByLabel('Town').fill('Bonny');
  await page.getByRole('button', { name: 'Start the farm' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ponds' })).toBeVisible();
  await page.getByRole('link', { name: 'Sell', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sell your harvest' })).toBeVisible();
  await expectAccessible(page);

  const business = `Bonny Catfish ${testInfo.workerIndex}-${Date.now()}`;
  await page.getByLabel('Business name').fill(business);
  await page.getByLabel('Phone').fill('0803 555 0199');
  await page.getByLabel('Bank').selectOption({ label: 'Guaranty Trust Bank (demo)' });
  // A number the bank does not know is refused beside its field.
  await page.getByLabel('Account number (10 digits)').fill('0123456780');
  await page.getByRole('button', { name: 'Check the account' }).click();
  await expect(
    page.getByText('This account number was not found at that bank. Check the number and the bank.'),
  ).toBeVisible();
  await page.getByLabel('Account number (10 digits)').fill('0123456789');
  await page.getByRole('button', { name: 'Check the account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Account name:' })).toContainText(
    'DEMO ACCOUNT 6789',
  );
  await page.screenshot({ path: testInfo.outputPath('sell-checked-360.png'), fullPage: true });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('heading', { level: 2, name: business })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('sell-applied-360.png'), fullPage: true });

  const admin = await adminPage(browser, { width: 360, height: 740 });
  await admin.goto('/admin/sellers');
  await expect(admin.getByRole('heading', { level: 1, name: 'Sellers' })).toBeVisible();
  await expect(admin.getByRole('heading', { level: 2, name: business })).toBeVisible();
  await expectAccessible(admin);
  await admin.getByRole('button', { name: `Approve ${business}` }).click();
  await expect(admin.getByLabel(`Commission of ${business} (%)`)).toBeVisible();
  await admin.screenshot({ path: testInfo.outputPath('admin-sellers-360.png'), fullPage: true });

  await page.reload();
  await expect(page.getByText(/commission \d+%/)).toBeVisible();

  // Issue 51 §2: the shop counts fresh croaker by the kg (an offer becomes a batch of it)...
  await admin.goto('/search?q=Croaker%20Fish');
  const href = await admin.getByRole('link', { name: 'Croaker Fish (Fresh)' }).first().getAttribute('href');
  const productId = /\/products\/(\d+)/.exec(href ?? '')![1];
  await admin.goto(`/admin/stock/${productId}`);
  await admin.getByLabel('Count stock in').selectOption('kg');
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('How this product’s stock is counted was changed.')).toBeVisible();

  // ...the seller offers 40 kg at ₦4,000 a kg; 40 fish of a product sold by the kg is refused beside its field.
  await page.getByRole('link', { name: 'Offer a harvest' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Offer a harvest' })).toBeVisible();
  await page.getByLabel('Product').selectOption({ label: 'Croaker Fish (Fresh) (by the kg)' });
  await page.getByLabel('How much').fill('40');
  await page.getByLabel('Counted in').selectOption('unit');
  await page.getByLabel('Price buyers pay, per kg or per fish (₦)').fill('4000');
  await page.getByRole('button', { name: 'Offer it' }).click();
  await expect(
    page.getByText('This product is sold by the kg: offer kg, not a number of fish.'),
  ).toBeVisible();
  await page.getByLabel('Counted in').selectOption('kg');
  await page.getByRole('button', { name: 'Offer it' }).click();
  const mine = page.getByRole('listitem').filter({ hasText: 'Croaker Fish (Fresh): 40 kg at ₦4,000 per kg' });
  await expect(mine).toContainText('Waiting for the shop');
  // The form is empty again: the offer just made is not left ready to be sent twice.
  await expect(page.getByLabel('How much')).toHaveValue('');
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: testInfo.outputPath('offers-360.png'), fullPage: true });

  // The owner accepts it and receives 38.5 kg at the hub: it is in stock, and the seller sees it.
  await admin.goto('/admin/offers');
  await expect(admin.getByRole('heading', { level: 1, name: 'Harvest Offers' })).toBeVisible();
  const card = admin
    .getByRole('listitem')
    .filter({ hasText: 'Croaker Fish (Fresh): 40 kg at ₦4,000 per kg' });
  await expectAccessible(admin);
  await card.getByRole('button', { name: /^Accept/ }).click();
  await expect(card.getByLabel('Brought (kg)')).toHaveValue('40');
  await card.getByLabel('Brought (kg)').fill('38.5');
  await card.getByRole('button', { name: /^Receive at the hub/ }).click();
  await expect(card).toContainText('38.5 kg received');
  await admin.screenshot({ path: testInfo.outputPath('admin-offers-360.png'), fullPage: true });
  await admin.context().close();

  await page.reload();
  await expect(mine).toContainText('Received at the hub · 38.5 kg received');

  // A buyer sees on the product page where the croaker comes from, at the farm's price, and chooses it;
  // the cart line keeps the farm.
  await page.goto(`/products/${productId}`);
  const choice = page.getByRole('group', { name: 'Choose where it comes from' });
  const farm = choice.getByRole('radio', { name: /Bonny Catfish Farm/ });
  await expect(farm).toBeChecked();
  await expect(choice).toContainText(`Bonny Catfish Farm (${business}), Bonny, Rivers`);
  await expect(choice).toContainText('Harvested today · ₦4,000 per kg · 38.5 kg left');
  await expect(page.getByText('From Bonny Catfish Farm, Bonny, Rivers')).toBeVisible();
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: testInfo.outputPath('product-origin-360.png'), fullPage: true });
  await page.getByRole('button', { name: /^Add to Cart/ }).click();
  await page.goto('/cart');
  await expect(page.getByText('From Bonny Catfish Farm, Bonny, Rivers')).toBeVisible();

  // The seller's own area: nothing to bring now, nothing sold yet.
  await page.goto('/seller');
  await expect(page.getByRole('heading', { level: 1, name: `${business}: your sales` })).toBeVisible();
  await expect(page.getByText('Nothing accepted is waiting to be brought.')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('seller-area-360.png') });
});
