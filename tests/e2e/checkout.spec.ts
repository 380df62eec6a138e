import { expect, expectAccessible, test, visit } from './support/fixtures';
import { logIn } from './support/accounts';
import { E2E_BUYER, E2E_BUYER_PRODUCT, E2E_FREE_DELIVERY_MINIMUM } from './support/constants';
import { addToCart, choosePlace, completeProfile, signedInShopper } from './support/shopping';

test('sign up → verify → cart → checkout with the demo provider → order success → order and notification in the account @smoke', async ({
  page,
}) => {
  // The whole journey in one test: on a busy 2-core CI machine it can take over a minute.
  test.slow();
  await signedInShopper(page, 'Chiamaka Paid');
  await addToCart(page, 'smoked catfish', 'Smoked Catfish');
  await addToCart(page, 'crayfish', 'Ground Crayfish');

  await visit(page, '/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(
    page.getByText('We need these for your delivery: Phone number, Delivery address, Location.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay ₦/ })).toBeDisabled();
  await page.getByRole('link', { name: 'Complete Profile' }).click();
  await expect(page).toHaveURL(/\/account\?tab=profile$/);
  await completeProfile(page);

  await visit(page, '/checkout');
  await expect(page.getByText('We need these for your delivery')).toHaveCount(0);
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  // ₦12,500 + ₦4,900 = ₦17,400; standard delivery in Port Harcourt ₦2,500.
  await expect(summary).toContainText('Subtotal₦17,400');
  await expect(summary).toContainText('₦2,500');
  await page.getByRole('radio', { name: /Express Delivery/ }).check();
  await expect(page.getByText('24 hours · ₦4,000')).toBeVisible();
  await expect(summary).toContainText('Total₦21,400');
  await page.getByLabel('Discount code', { exact: true }).fill('fresh10');
  // The same words in the toast (spec §8) and under the field.
  await expect(page.locator('#discount-status')).toHaveText('10% discount applied!');
  await expect(summary).toContainText('Discount−₦1,740');
  await expect(summary).toContainText('Total₦19,660');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Pay ₦19,660' }).click();
  await expect(page).toHaveURL(/\/checkout\/demo\//);
  await expect(page.getByRole('heading', { name: 'Demo payment — no money moves' })).toBeVisible();
  await expect(page.getByText('₦19,660')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/order-success\?reference=/);
  await expect(page.getByRole('heading', { name: 'Order Successful!' })).toBeVisible();
  await expect(page.getByText('Thank you for your purchase!')).toBeVisible();
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('link', { name: 'View My Orders' }).click();
  await expect(page).toHaveURL(/\/account\?tab=orders$/);
  const order = page.getByRole('listitem').filter({ hasText: /Order #[0-9a-f]{8}/ });
  await expect(order).toHaveCount(1);
  await expect(order).toContainText('Payment: Paid');
  await expect(order).toContainText('₦19,660');
  await expect(order).toContainText('Express Delivery');
  await expect(order).toContainText('Discount: ₦1,740');
  const number = (await order.getByRole('heading').textContent())!.replace('Order #', '');
  await expectAccessible(page);

  await page.getByRole('link', { name: /Notifications/ }).click();
  await expect(
    page.getByText(`Your order #${number} has been received and is being processed.`),
  ).toBeVisible();
  await expect(page.getByLabel('1 unread')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Mark as read' }).click();
  await expect(page.getByText('No unread notifications.')).toBeVisible();
  await expect(page.getByLabel('1 unread')).toHaveCount(0);
});

test('a declined payment leaves nothing paid, and the cart and checkout as they were', async ({ page }) => {
  await signedInShopper(page, 'Declan Declined');
  await completeProfile(page);
  await addToCart(page, 'tilapia', 'Fresh Tilapia');
  await page.goto('/checkout');
  await page.getByRole('radio', { name: /Pickup/ }).check();
  await page.getByLabel('Pickup point').selectOption('Rumuokoro Junction Hub');
  const code = page.getByLabel('Discount code', { exact: true });
  await code.fill('fresh10');
  await expect(page.locator('#discount-status')).toHaveText('10% discount applied!');
  const pay = page.getByRole('button', { name: /^Pay ₦/ });
  await expect(pay).toBeEnabled();
  const total = (await pay.textContent())!;
  await pay.click();
  await expect(page).toHaveURL(/\/checkout\/demo\//);
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page).toHaveURL(/\/checkout(\?|$)/);
  await expect(
    page.getByText('Your payment was declined or cancelled, so nothing was charged.'),
  ).toBeVisible();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  // Back on checkout with the delivery method, pickup point and code as they were: Pay again as before.
  await expect(page.getByRole('radio', { name: /Pickup/ })).toBeChecked();
  await expect(page.getByLabel('Pickup point')).toHaveValue('Rumuokoro Junction Hub');
  await expect(code).toHaveValue(/^fresh10$/i);
  await expect(page.locator('#discount-status')).toHaveText('10% discount applied!');
  // The code is checked again quietly: no toast asked for is still on its way, and none says it now
  // (counted once: a retrying assertion would wait for a toast to time out).
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.toastsPending ?? 'none'))
    .toBe('none');
  expect(await page.getByText('Discount Applied', { exact: true }).count()).toBe(0);
  await expect(page.getByRole('button', { name: total })).toBeEnabled();
  await visit(page, '/account?tab=orders');
  const order = page.getByRole('listitem').filter({ hasText: /Order #[0-9a-f]{8}/ });
  await expect(order).toContainText('Cancelled — payment declined');
  await expect(order).toContainText('Payment: Declined');
  await expect(page.getByText('Payment: Paid')).toHaveCount(0);
  await page.goto('/account?tab=notifications');
  await expect(page.getByText('No notifications yet.')).toBeVisible();
});

test('checkout guards: a guest is sent to log in, an empty cart back to the products', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout$/);
  await expect(page.getByText('Authentication Required')).toBeVisible();
  await signedInShopper(page);
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByText('Empty Cart')).toBeVisible();
});

test('checkout explains a refused code and a pickup without pickup points', async ({ page }) => {
  await signedInShopper(page);
  await completeProfile(page, 'Lagos');
  await addToCart(page, 'snapper', 'Red Snapper');
  await page.goto('/checkout');
  await expect(page.getByLabel('Delivery location')).toHaveValue('Lagos');
  const code = page.getByLabel('Discount code', { exact: true });
  await code.fill('NOSUCHCODE');
  await expect(page.getByText('Invalid or expired discount code.').first()).toBeVisible();
  await code.fill('FREEDELIVERY');
  await expect(
    page.getByText('This discount code is only valid for Port Harcourt deliveries.').first(),
  ).toBeVisible();
  // Spec §5: a free-delivery code under its minimum subtotal keeps Pay disabled (it was enabled).
  const pay = page.getByRole('button', { name: /^Pay ₦/ });
  await code.fill(E2E_FREE_DELIVERY_MINIMUM.code);
  await expect(
    page.getByText('Free delivery requires a minimum order subtotal of ₦1,000,000').first(),
  ).toBeVisible();
  await expect(pay).toBeDisabled();
  await code.fill('');
  await expect(pay).toBeEnabled();

  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await page.getByRole('radio', { name: /Pickup/ }).check();
  await expect(page.getByLabel('Pickup point')).toBeVisible();
  // Lagos lists its pickup points: Pay waits for one, and the summary does not say there is none.
  await expect(pay).toBeDisabled();
  await expect(summary).toContainText('Choose a pickup point.');
  await expect(summary.getByText('No pickup option available for your location.')).toHaveCount(0);
  await choosePlace(page, 'Delivery location', 'Kano');
  await expect(
    page.getByText(
      'No pickup locations available for Kano. Please enter your preferred location or choose a different delivery method.',
    ),
  ).toBeVisible();
  await expect(summary.getByText('No pickup option available for your location.')).toBeVisible();
  await expect(pay).toBeDisabled();
  await page.getByLabel('Preferred pickup location').fill('Sabon Gari market gate');
  // One rule decides both: with a pickup location typed, Pay is enabled and the summary stops saying
  // there is no pickup option.
  await expect(pay).toBeEnabled();
  await expect(summary.getByText('No pickup option available for your location.')).toHaveCount(0);
  await expectAccessible(page);
});

test('Apply, or Enter in the code field, checks the discount code at once instead of after the pause', async ({
  page,
}) => {
  await signedInShopper(page);
  await addToCart(page, 'snapper', 'Red Snapper');
  await page.clock.install();
  await page.goto('/checkout');
  await page.waitForLoadState('networkidle');
  const code = page.getByLabel('Discount code', { exact: true });
  const status = page.locator('#discount-status');
  // The page's clock jumps ahead and stands still from here: the 500 ms pause after typing (spec §4)
  // never ends, so only Apply or Enter can have the code checked. The jump is ample: a busy machine can
  // take a second between reading the time here and the page pausing ("cannot fast-forward to the past").
  await page.clock.pauseAt(Date.now() + 10_000);
  await code.fill('NOSUCHCODE');
  await expect(status).toHaveText('Checking the code…');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(status).toHaveText('Invalid or expired discount code.');
  await code.fill('fresh10');
  await expect(status).toHaveText('Checking the code…');
  await code.press('Enter');
  await expect(status).toHaveText('10% discount applied!');
  await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText('Discount−₦');
});

test('Buy Again puts a delivered order’s products back in the cart', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, E2E_BUYER.email, E2E_BUYER.password);
  await expect(page).toHaveURL(/\/$/);
  await visit(page, '/account?tab=orders');
  const delivered = page.getByRole('listitem').filter({ hasText: 'Delivered' });
  await delivered.getByRole('button', { name: 'Buy Again' }).click();
  await expect(page.getByText(`${E2E_BUYER_PRODUCT} added to your cart`)).toBeVisible();
  // Again: the product is in the cart now, and the cart store says so (spec §8).
  await delivered.getByRole('button', { name: 'Buy Again' }).click();
  await expect(page.getByText(`${E2E_BUYER_PRODUCT} quantity updated in your cart`)).toBeVisible();
  await visit(page, '/cart');
  await expect(page.getByRole('main')).toContainText(E2E_BUYER_PRODUCT);
});

test('a Port Harcourt basket of ₦50,000 or more travels free, and checkout says how far a smaller one is (decision 045)', async ({
  page,
}) => {
  test.slow();
  await signedInShopper(page, 'Ngozi Free Delivery');
  await completeProfile(page);
  await addToCart(page, 'smoked catfish', 'Smoked Catfish');

  await visit(page, '/checkout');
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  // One Smoked Catfish at ₦12,500: ₦37,500 short of ₦50,000, standard delivery ₦2,500.
  await expect(summary).toContainText('Add ₦37,500 more for free delivery within Port Harcourt.');
  await expect(summary).toContainText('Total₦15,000');

  await visit(page, '/cart');
  const more = page.getByRole('button', { name: 'Increase quantity of smoked catfish' });
  for (const count of ['2', '3', '4']) {
    await more.click();
    await expect(page.getByTestId('cart-badge')).toHaveText(count);
  }
  await visit(page, '/checkout');
  await expect(summary).toContainText('Free delivery within Port Harcourt: your order is ₦50,000 or more.');
  await expect(summary).toContainText('Delivery (Standard Delivery)Free');
  await expect(summary).toContainText('Total₦50,000');
  await expect(page.getByText('2-3 days · Free')).toBeVisible();
  // The shop's free-delivery code is not needed, and is kept for another time.
  await page.getByLabel('Discount code', { exact: true }).fill('freedelivery');
  await expect(page.locator('#discount-status')).toHaveText(
    'Delivery is already free for this order, so this code is not needed. Keep it for another time.',
  );
  await expect(page.getByRole('button', { name: 'Pay ₦50,000' })).toBeEnabled();
  await expectAccessible(page);
});
