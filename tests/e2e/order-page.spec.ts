import { expect, expectAccessible, test } from './support/fixtures';
import { addToCart, completeProfile, signedInShopper } from './support/shopping';

// The order page, and paying a pending order later.
test('leave the payment page → the order waits in the Orders tab → open it → Pay now → paid, with its history', async ({
  page,
}) => {
  test.slow();
  await signedInShopper(page, 'Uche Later');
  await completeProfile(page);
  await addToCart(page, 'smoked catfish', 'Smoked Catfish');
  await page.goto('/checkout');
  await page.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(page).toHaveURL(/\/checkout\/demo\//);
  const reference = decodeURIComponent(page.url().split('/').pop()!);

  // The shopper wanders off and comes back through their orders.
  await page.goto('/account?tab=orders');
  const card = page.getByRole('listitem').filter({ hasText: /Order #[0-9a-f]{8}/ });
  await expect(card).toContainText('Payment: Awaiting payment');
  await card.getByRole('link', { name: /^View order/ }).click();
  await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/);
  const heading = page.getByRole('heading', { name: /^Order #/, level: 1 });
  await expect(heading).toBeVisible();
  await expect(page.getByText('This order is waiting for its payment.')).toBeVisible();
  // Asking the shop about it on WhatsApp, the chat opens naming the order.
  const orderNumber = (await heading.textContent())!.match(/#([0-9a-f]{8})/)![1];
  await expect(page.getByRole('link', { name: 'Chat with us on WhatsApp' })).toHaveAttribute(
    'href',
    `https://wa.me/2348035550142?text=${encodeURIComponent(`Hello FreshCatch, I'm asking about my order #${orderNumber}`)}`,
  );
  await expect(page.getByText(reference)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Items' })).toContainText('Smoked Catfish');
  await expectAccessible(page);

  await page.getByRole('link', { name: /^Pay now ₦/ }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/demo/${reference}$`));
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Order Successful!' })).toBeVisible();

  await page.goto('/account?tab=orders');
  await expect(page.getByRole('listitem').filter({ hasText: /Order #[0-9a-f]{8}/ })).toHaveCount(1);
  await expect(card).toContainText('Payment: Paid');
  await card.getByRole('link', { name: /^View order/ }).click();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Order placed');
  await expect(history).toContainText('Payment received');
  await expect(page.getByRole('link', { name: /^Pay now/ })).toHaveCount(0);
  await expectAccessible(page);
});
