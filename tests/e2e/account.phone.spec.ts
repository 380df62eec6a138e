import { logIn } from './support/accounts';
import { E2E_BUYER } from './support/constants';
import { expect, expectAccessible, test } from './support/fixtures';
import { addToCart } from './support/shopping';

test('on a 360 px phone the account tabs and checkout fit the screen', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, E2E_BUYER.email, E2E_BUYER.password);
  await expect(page).toHaveURL(/\/$/);
  await addToCart(page, 'tilapia', 'Fresh Tilapia');
  for (const path of [
    '/account?tab=profile',
    '/account?tab=orders',
    '/account?tab=notifications',
    '/account?tab=settings',
    '/checkout',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} is wider than the phone`).toBeLessThanOrEqual(360);
  }
  await page.goto('/account?tab=orders');
  // The account's tabs scroll sideways inside their bar instead of widening the page.
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: /Orders/ }),
  ).toBeVisible();
  await expectAccessible(page);
});
