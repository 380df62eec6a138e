import { expect, expectAccessible, test, visit } from './support/fixtures';

// Quantity prices at 360 px (issue 50 §6): the product page lists them, the cart charges them and says
// how many more reach the next one.
test('a feed with 10+ and 50+ prices: the product page shows them and the cart applies them', async ({
  page,
}, testInfo) => {
  await visit(page, '/products?category=6');
  await page.getByRole('link', { name: /Floating Fish Feed 4 mm/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Floating Fish Feed 4 mm (15 kg)' }),
  ).toBeVisible();
  await expect(page.getByText('Quantity prices')).toBeVisible();
  await expect(page.getByText('10+: ₦24,000 each')).toBeVisible();
  await expect(page.getByText('50+: ₦23,000 each')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('product-tiers-360.png'), fullPage: true });

  await page.getByLabel('Quantity', { exact: true }).fill('9');
  await page.getByRole('button', { name: 'Add to Cart: Floating Fish Feed 4 mm (15 kg)' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('9');
  await page.getByRole('banner').getByRole('link', { name: /^Cart/ }).click();
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  await expect(summary).toContainText('Subtotal₦225,000');
  await expect(page.getByText('Add 1 more for ₦24,000 each.')).toBeVisible();

  await page.getByRole('button', { name: 'Increase quantity of Floating Fish Feed 4 mm (15 kg)' }).click();
  await expect(summary).toContainText('Subtotal₦240,000');
  await expect(
    page.getByText('Quantity price: you save ₦10,000. Add 40 more for ₦23,000 each.'),
  ).toBeVisible();
  await expect(page.getByText(/₦24,000 per 15 kg/)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('cart-tiers-360.png'), fullPage: true });
});
