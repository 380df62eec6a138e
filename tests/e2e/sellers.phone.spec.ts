import { adminPage } from './support/accounts';
import { E2E_ADMIN } from './support/constants';
import { payoutsClockAhead } from './support/serve-clock';
import { completeProfile, openNewestOrder, payByDemo, signedInShopper } from './support/shopping';
import { expect, expectAccessible, test } from './support/fixtures';

// Issue 51 at 360 px, the whole way: a farmer applies to sell from their farm book (seeing the name the
// bank gives the account), the owner approves them; they offer a pond's harvest from the farm book, the
// owner accepts and receives it; a buyer chooses that farm and pays; the order is delivered; once its claim
// window has closed the owner pays the seller, and the seller's statement says paid.

/** The shop's day (Lagos, UTC+1), `days` from today, as a date field takes it. */
const lagosDay = (days: number) =>
  new Date(Date.now() + 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
test('a farmer applies, offers a harvest from the farm book, a buyer chooses the farm, and the seller is paid', async ({
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
  // A pond of tilapia stocked 150 days ago: the harvest the farmer offers comes from its cycle.
  await page.getByLabel('Pond name').fill('Pond A');
  await page.getByLabel('Area (m²)').fill('48');
  await page.getByLabel('Depth (m)').fill('1.2');
  await page.getByRole('button', { name: 'Add the pond' }).click();
  await page.getByLabel('Fish', { exact: true }).selectOption({ label: 'Nile tilapia' });
  await page.getByLabel('Stocking date').fill(lagosDay(-150));
  await page.getByLabel('Number of fish').fill('1000');
  await page.getByLabel('Average weight (g)').fill('10');
  await page.getByLabel('Harvest at (g)').fill('400');
  await page.getByRole('button', { name: 'Stock the pond' }).click();
  await expect(page.getByRole('link', { name: 'Stocked: open its cycle' })).toBeVisible();
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

  // Issue 51 §2: the shop counts fresh tilapia by the kg (an offer becomes a batch of it)...
  await admin.goto('/search?q=Fresh%20Tilapia');
  const href = await admin.getByRole('link', { name: 'Fresh Tilapia' }).first().getAttribute('href');
  const productId = /\/products\/(\d+)/.exec(href ?? '')![1];
  await admin.goto(`/admin/stock/${productId}`);
  await admin.getByLabel('Count stock in').selectOption('kg');
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('How this product’s stock is counted was changed.')).toBeVisible();

  // ...the seller offers Pond A's harvest from the farm book (its forecast fills in how much), 40 kg at
  // ₦4,000 a kg; 40 fish of a product sold by the kg is refused beside its field.
  await page.getByRole('link', { name: 'Offer a harvest' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Offer a harvest' })).toBeVisible();
  await page.getByRole('link', { name: /^Pond A: about [\d,.]+ kg on / }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Offer the harvest of Pond A' })).toBeVisible();
  await expect(page.getByLabel('How much')).not.toHaveValue('');
  await page.getByLabel('Product').selectOption({ label: 'Fresh Tilapia (by the kg)' });
  await page.getByLabel('Harvest date').fill(lagosDay(0));
  await page.getByLabel('You bring it on').fill(lagosDay(0));
  await page.getByLabel('How much').fill('40');
  await page.getByLabel('Counted in').selectOption('unit');
  await page.getByLabel('Price buyers pay, per kg or per fish (₦)').fill('4000');
  await page.getByRole('button', { name: 'Offer it' }).click();
  await expect(
    page.getByText('This product is sold by the kg: offer kg, not a number of fish.'),
  ).toBeVisible();
  await page.getByLabel('Counted in').selectOption('kg');
  await page.getByRole('button', { name: 'Offer it' }).click();
  const mine = page.getByRole('listitem').filter({ hasText: 'Fresh Tilapia: 40 kg at ₦4,000 per kg' });
  await expect(mine).toContainText('Waiting for the shop');
  // The form is empty again: the offer just made is not left ready to be sent twice.
  await expect(page.getByLabel('How much')).toHaveValue('');
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: testInfo.outputPath('offers-360.png'), fullPage: true });

  // The owner accepts it and receives 38.5 kg at the hub: it is in stock, and the seller sees it.
  await admin.goto('/admin/offers');
  await expect(admin.getByRole('heading', { level: 1, name: 'Harvest Offers' })).toBeVisible();
  const card = admin.getByRole('listitem').filter({ hasText: 'Fresh Tilapia: 40 kg at ₦4,000 per kg' });
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

  // The seller's own area: nothing to bring now, nothing sold yet.
  await page.goto('/seller');
  await expect(page.getByRole('heading', { level: 1, name: `${business}: your sales` })).toBeVisible();
  await expect(page.getByText('Nothing accepted is waiting to be brought.')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('seller-area-360.png') });

  // A buyer, on their own phone, sees on the product page where the tilapia comes from, at the farm's
  // price, and chooses that farm; the cart line keeps it.
  const buyerContext = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  });
  const buyer = await buyerContext.newPage();
  await signedInShopper(buyer, 'Ibim Buyer');
  await buyer.goto(`/products/${productId}`);
  const choice = buyer.getByRole('group', { name: 'Choose where it comes from' });
  const farm = choice.getByRole('radio', { name: /Bonny Catfish Farm/ });
  await expect(choice).toContainText(`Bonny Catfish Farm (${business}), Bonny, Rivers`);
  await expect(choice).toContainText('Harvested today · ₦4,000 per kg · 38.5 kg left');
  // The farm book's record of the cycle it came from.
  await expect(choice).toContainText('Raised 150 days');
  await farm.check();
  await expect(farm).toBeChecked();
  await expect(buyer.getByText('From Bonny Catfish Farm, Bonny, Rivers')).toBeVisible();
  await expectAccessible(buyer);
  expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await buyer.screenshot({ path: testInfo.outputPath('product-origin-360.png'), fullPage: true });
  await buyer.getByRole('button', { name: /^Add to Cart/ }).click();
  await buyer.goto('/cart');
  await expect(buyer.getByText('From Bonny Catfish Farm, Bonny, Rivers')).toBeVisible();

  // The buyer pays; the order page says where the fish is from.
  await completeProfile(buyer);
  await buyer.goto('/checkout');
  await expect(buyer.getByText('From Bonny Catfish Farm, Bonny, Rivers')).toBeVisible();
  await payByDemo(buyer);
  const orderId = await openNewestOrder(buyer);
  const items = buyer.getByRole('region', { name: 'Items' });
  await expect(items).toContainText('Fresh Tilapia');
  await expect(items).toContainText('From Bonny Catfish Farm, Bonny, Rivers');
  await buyer.screenshot({ path: testInfo.outputPath('order-origin-360.png'), fullPage: true });
  await buyerContext.close();

  // The owner's order says which batch the packer takes, and the order is delivered.
  const owner = await adminPage(browser, { width: 360, height: 740 });
  await owner.goto(`/admin/orders?order=${orderId}`);
  const dialog = owner.getByRole('dialog');
  await expect(dialog).toContainText(`Bonny Catfish Farm (${business}), Bonny, Rivers · harvested`);
  await owner.screenshot({ path: testInfo.outputPath('admin-order-origin-360.png') });
  await dialog.getByRole('button', { name: 'Delivered' }).click();
  const ask = owner.getByRole('alertdialog', { name: 'Mark as delivered' });
  await ask.getByRole('button', { name: 'Mark as delivered' }).click();
  await expect(owner.getByText('Order status updated to delivered')).toBeVisible();

  // Delivered: the sale waits for the claim window (6 hours for fresh fish); nothing can be paid yet.
  await page.goto('/seller/statement');
  await expect(page.getByRole('heading', { level: 1, name: `${business}: your statement` })).toBeVisible();
  const figure = (label: string) =>
    page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd');
  await expect(figure('Waiting for the claim window')).not.toHaveText('₦0');
  const owed = (await figure('Waiting for the claim window').textContent())!;
  await expect(figure('Paid')).toHaveText('₦0');

  // Seven hours on (the e2e server's payouts clock, tests/e2e/support/serve.ts), the owner pays the seller.
  try {
    payoutsClockAhead(7 * 3_600_000);
    await owner.goto('/admin/payouts');
    await expect(owner.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
    await owner.getByLabel('Who', { exact: true }).selectOption({ label: `${business} (${owed})` });
    await owner.getByLabel('Your password again').fill(E2E_ADMIN.password);
    await owner.getByRole('button', { name: 'Pay now' }).click();
    await expect(owner.getByText('Payout sent')).toBeVisible();
    await expect(owner.getByText(`${owed}: Paid.`)).toBeVisible();
    await expectAccessible(owner);
  } finally {
    payoutsClockAhead(0);
  }
  await owner.context().close();

  // The seller's statement says paid.
  await page.reload();
  await expect(figure('Paid')).toHaveText(owed);
  await expect(figure('Waiting for the claim window')).toHaveText('₦0');
  await expect(page.getByRole('region', { name: 'Payouts' })).toContainText(`${owed} · Paid`);
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: testInfo.outputPath('statement-paid-360.png'), fullPage: true });
});
