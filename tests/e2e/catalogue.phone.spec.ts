import { expect, expectAccessible, test, visit } from './support/fixtures';

test('on a 360 px phone the catalogue, a product and the cart fit the screen', async ({ page }) => {
  await visit(page, '/products');
  const filters = page.getByRole('button', { name: 'Show filters' });
  await expect(page.getByRole('checkbox', { name: 'Feeds' })).toBeHidden();
  await filters.click();
  await page.getByRole('checkbox', { name: 'Feeds' }).check();
  await expect(page).toHaveURL(/category=6/);
  await expectAccessible(page);
  await page.getByRole('link', { name: /Floating Fish Feed 2 mm/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Floating Fish Feed 2 mm (15 kg)' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart: Floating Fish Feed 2 mm (15 kg)' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await expectAccessible(page);
  for (const path of [
    '/products',
    '/products?category=6',
    '/cart',
    '/search?q=fish',
    '/recipes/1',
    '/specials',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} is wider than the phone`).toBeLessThanOrEqual(360);
  }
});
