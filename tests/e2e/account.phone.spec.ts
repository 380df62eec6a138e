import { logIn } from './support/accounts';
import { E2E_BUYER } from './support/constants';
import { expect, expectAccessible, test } from './support/fixtures';
import { addToCart } from './support/shopping';

test('on a 360 px phone the account tabs and checkout fit the screen, clear of the WhatsApp button', async ({
  page,
}) => {
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
    await expectAccessible(page);
  }
  // While the discount field has focus (the keyboard is up) the WhatsApp button steps aside, so it
  // cannot sit on the Apply button. (At the top of checkout it is already aside: the delivery cards sit
  // in its corner; phone-fixes.phone.spec.ts taps every part of Apply and the cards at the bottom edge.)
  const whatsApp = page.getByRole('link', { name: 'Chat with us on WhatsApp' });
  await page.getByRole('textbox', { name: 'Discount code' }).focus();
  await expect(whatsApp).toBeHidden();
  await expect(page.getByRole('button', { name: 'Apply' })).toBeVisible();

  await page.goto('/account?tab=orders');
  // The account's tabs scroll sideways inside their bar instead of widening the page.
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: /Orders/ }),
  ).toBeVisible();
  await expectAccessible(page);
});
