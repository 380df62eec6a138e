import { expect, expectAccessible, test, visit } from './support/fixtures';

test('on a 360 px phone the catalogue, a product and the cart fit the screen', async ({ page }) => {
  await visit(page, '/products');
  const filters = page.getByRole('button', { name: 'Show filters' });
  await expect(page.getByRole('checkbox', { name: 'Feeds' })).toBeHidden();
  await filters.click();
  await page.getByRole('checkbox', { name: 'Feeds' }).check();
  await expect(page).toHaveURL(/category=6/);
  await expectAccessible(page);

  // Two cards a row, each with what a buyer needs: the name, the price per unit, Add to Cart.
  const cards = page.getByRole('article');
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(second!.y, 'the second card sits beside the first').toBe(first!.y);
  expect(second!.x).toBeGreaterThan(first!.x + first!.width);
  await expect(cards.first()).toContainText(/₦[\d,]+ per bag/);
  for (const card of [cards.nth(0), cards.nth(1)]) {
    const add = await card.getByRole('button', { name: /^Add to Cart/ }).boundingBox();
    const box = (await card.boundingBox())!;
    expect(add!.height, 'Add to Cart is a tap target').toBeGreaterThanOrEqual(24);
    expect(add!.x + add!.width, 'Add to Cart stays inside its card').toBeLessThanOrEqual(box.x + box.width);
  }
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
