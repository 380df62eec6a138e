import { expect, expectAccessible, test, visit } from './support/fixtures';

test('on a 360 px phone the menu opens from the header and reaches every page', async ({ page }) => {
  await visit(page, '/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  for (const name of ['Home', 'Products', 'Recipes', 'Wishlist', 'Search', 'Cart', 'Login', 'Sign Up']) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expectAccessible(page);
  await menu.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(menu).toBeHidden();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(360);
});
