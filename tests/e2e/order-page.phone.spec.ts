import { expect, expectAccessible, test } from './support/fixtures';
import { addToCart, completeProfile, signedInShopper } from './support/shopping';

test('on a 360 px phone the order page fits, and an unpaid order can be cancelled', async ({ page }) => {
  test.slow();
  await signedInShopper(page, 'Ifeoma Cancels');
  await completeProfile(page);
  await addToCart(page, 'crayfish', 'Ground Crayfish');
  await page.goto('/checkout');
  await page.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(page).toHaveURL(/\/checkout\/demo\//);
  await page.goto('/account?tab=orders');
  await page.getByRole('link', { name: /^Pay or cancel order/ }).click();
  await expect(page.getByRole('heading', { name: /^Order #/, level: 1 })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await expectAccessible(page);
  // It asks first (it cancelled at one tap).
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('It will not be paid for or delivered, and nothing is charged.');
  await expectAccessible(page);
  await ask.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('Your order has been cancelled.')).toBeVisible();
  await expect(page.getByText('Cancelled — you cancelled it')).toBeVisible();
  await expect(page.getByText('Payment: Not paid')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expectAccessible(page);
});
