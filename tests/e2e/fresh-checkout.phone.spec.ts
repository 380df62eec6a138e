import { expect, expectAccessible, test } from './support/fixtures';
import { addToCart, completeProfile, signedInShopper } from './support/shopping';

// Issue 48 at 360 px: live fish never goes by a slow method; the checkout keeps its choices across a
// reload; a second Pay for the same cart (after a reload, or from another tab) resumes the first order.

test('live catfish at checkout: Standard and Joint are greyed out with the reason, Express is chosen', async ({
  page,
}) => {
  test.slow();
  await signedInShopper(page, 'Ebi Fresh');
  await completeProfile(page);
  await addToCart(page, 'live catfish', 'Live Catfish (Table Size)');
  await addToCart(page, 'smoked catfish', 'Smoked Catfish');
  await page.goto('/checkout');

  const standard = page.getByRole('radio', { name: /Standard Delivery/ });
  const joint = page.getByRole('radio', { name: /Joint Delivery/ });
  await expect(standard).toBeDisabled();
  await expect(joint).toBeDisabled();
  await expect(page.getByText("Fresh fish can't wait 2–3 days: choose Express or Pickup")).toBeVisible();
  await expect(page.getByText("Fresh fish can't wait 3–5 days: choose Express or Pickup")).toBeVisible();
  // The fastest method that reaches the buyer in time, with Port Harcourt's soonest open slot.
  await expect(page.getByRole('radio', { name: /Express Delivery/ })).toBeChecked();
  await expect(page.getByRole('button', { name: /^Pay ₦/ })).toBeEnabled();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await page.getByRole('group', { name: 'Delivery method' }).screenshot({
    path: 'test-results/screenshots/checkout-fresh-fish-360.png',
  });
  await expectAccessible(page);

  // The server refuses the slot (as when its cut-off passes while the buyer pays): this Pay asks for
  // a day already gone. The refusal stays on the page beside the slots, in view, with no toast over the
  // heading, and Pay waits until the buyer chooses a slot again.
  let refuse = true;
  await page.route('**/checkout.data*', async (route) => {
    const request = route.request();
    if (!refuse || request.method() !== 'POST') return route.fallback();
    refuse = false;
    const body = request.postDataJSON() as { deliverySlot: { day: string } };
    body.deliverySlot.day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    await route.continue({ postData: JSON.stringify(body) });
  });
  const pay = page.getByRole('button', { name: /^Pay ₦/ });
  await pay.click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Delivery slot unavailable' });
  await expect(refusal).toContainText('That delivery slot is no longer offered. Please choose another slot.');
  await expect(refusal).toBeInViewport();
  await expect(pay).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  // Beside the slots, above them.
  const slots = page.getByRole('group', { name: 'Delivery slot' });
  expect((await refusal.boundingBox())!.y).toBeLessThan((await slots.boundingBox())!.y);
  await page.screenshot({ path: 'test-results/screenshots/checkout-slot-refused-360.png' });
  await expectAccessible(page);
  // The refused slot shows unchosen, so the buyer can choose again, even the same one when it is the only
  // one left (late in the evening only tomorrow afternoon is open for fresh fish).
  await expect(slots.getByRole('radio', { checked: true })).toHaveCount(0);
  await slots.getByRole('radio', { checked: false, disabled: false }).first().check();
  await expect(refusal).toHaveCount(0);
  await expect(pay).toBeEnabled();

  // Smoked fish alone keeps: every method is open again.
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Remove Live Catfish (Table Size)' }).click();
  await page.goto('/checkout');
  await expect(page.getByRole('radio', { name: /Standard Delivery/ })).toBeEnabled();
  await expect(page.getByRole('radio', { name: /Joint Delivery/ })).toBeEnabled();
});

test('a reload keeps the choices, and Pay again (after a reload or from a second tab) resumes the same order', async ({
  page,
  context,
}) => {
  test.slow();
  await signedInShopper(page, 'Tamuno Reloads');
  await completeProfile(page);
  await addToCart(page, 'live catfish', 'Live Catfish (Table Size)');
  await page.goto('/checkout');
  await page.getByRole('radio', { name: /^Pickup/ }).check();
  await page.getByLabel('Pickup point').selectOption('Rumuokoro Junction Hub');
  await page.getByLabel('Discount code', { exact: true }).fill('fresh10');
  await expect(page.locator('#discount-status')).toHaveText('10% discount applied!');

  await page.reload();
  await expect(page.getByRole('radio', { name: /^Pickup/ })).toBeChecked();
  await expect(page.getByLabel('Pickup point')).toHaveValue('Rumuokoro Junction Hub');
  await expect(page.getByLabel('Discount code', { exact: true })).toHaveValue('fresh10');
  await expect(page.locator('#discount-status')).toHaveText('10% discount applied!');

  await page.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(page).toHaveURL(/\/checkout\/demo\//);
  const first = page.url();

  // Back to checkout without paying: the cart's order is waiting, and Pay goes on with it.
  await page.goto('/checkout');
  await expect(page.getByText('Your order is waiting for payment')).toBeVisible();
  await expect(page.getByText(/out of stock/)).toHaveCount(0);
  await page.getByRole('status').filter({ hasText: 'Your order is waiting for payment' }).screenshot({
    path: 'test-results/screenshots/checkout-returning-buyer-360.png',
  });
  await expectAccessible(page);
  await page.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(page).toHaveURL(first);

  // A second tab has its own checkout key: the same cart still gets the same order.
  const second = await context.newPage();
  await second.goto('/checkout');
  await expect(second.getByRole('radio', { name: /^Pickup/ })).toBeChecked();
  await second.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(second).toHaveURL(first);
  await second.close();

  await page.goto('/account?tab=orders');
  await expect(page.getByRole('listitem').filter({ hasText: /Order #[0-9a-f]{8}/ })).toHaveCount(1);
});
