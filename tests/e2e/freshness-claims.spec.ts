import sharp from 'sharp';
import { adminPage } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { addToCart, completeProfile, openNewestOrder, payByDemo, signedInShopper } from './support/shopping';

/** A photo of what arrived, as a phone would send it. */
async function photoOfTheFish() {
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#6b5a3e' } })
    .jpeg()
    .toBuffer();
  return { name: 'spoiled-fish.jpg', mimeType: 'image/jpeg', buffer };
}

// Issue 33, part 4: a delivered order → the buyer files a freshness claim with a photo and the lines →
// the owner sees it on the dashboard and approves it with a partial refund → the buyer sees the outcome.
test('a delivered order → a freshness claim with a photo → approved on the dashboard → refunded, and the buyer told', async ({
  page,
  browser,
}) => {
  test.slow();
  await signedInShopper(page, 'Ngozi Claims');
  await completeProfile(page);
  await addToCart(page, 'smoked catfish', 'Smoked Catfish');
  await page.goto('/checkout');
  await payByDemo(page);
  const orderId = await openNewestOrder(page);
  const orderUrl = page.url();
  // Not delivered yet: nothing to claim.
  await expect(page.getByRole('button', { name: 'Send claim' })).toHaveCount(0);

  // The shop delivers it.
  const admin = await adminPage(browser);
  await admin.goto(`/admin/orders?order=${orderId}`);
  const dialog = admin.getByRole('dialog');
  // Delivered starts the claim window and cannot be undone: it asks first.
  await dialog.getByRole('button', { name: 'Delivered' }).click();
  const ask = admin.getByRole('alertdialog', { name: 'Mark as delivered' });
  await expect(ask).toContainText('their time to report a problem starts now (6 hours for fresh fish)');
  await ask.getByRole('button', { name: 'Mark as delivered' }).click();
  await expect(admin.getByText('Order status updated to delivered')).toBeVisible();

  // The buyer reports that it arrived bad, with a photo.
  await page.goto(orderUrl);
  const claims = page.getByRole('region', { name: 'Freshness claims' });
  await expect(claims).toContainText('You can report a problem until');
  await expectAccessible(page);
  await claims.getByLabel('Smoked Catfish (up to 1)').fill('1');
  await claims.getByLabel('What was wrong?').fill('The smoked catfish was mouldy when we opened the pack.');
  await claims.getByLabel('Photo of the problem').setInputFiles(await photoOfTheFish());
  await claims.getByRole('button', { name: 'Send claim' }).click();
  await expect(page.getByText('The shop will look at it and tell you what it decides.')).toBeVisible();
  await expect(claims).toContainText('Waiting for the shop’s decision');
  await expect(claims).toContainText('1 × Smoked Catfish');
  await expect(claims.getByRole('img')).toBeVisible();
  await expect(claims.getByRole('button', { name: 'Send claim' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Freshness claim filed');
  await expectAccessible(page);

  // The owner sees it on the dashboard, with the photo, and approves it.
  await admin.goto('/admin');
  const waiting = admin.getByRole('region', { name: /Freshness claims waiting/ });
  // This order's claim (a retry of this test finds the first attempt's claim there too).
  const claim = waiting
    .getByRole('listitem')
    .filter({ hasText: 'mouldy when we opened the pack' })
    .filter({ hasText: `#${orderId.slice(0, 8)}` });
  await expect(claim).toContainText('1 × Smoked Catfish');
  await expect(claim.getByRole('img')).toBeVisible();
  await expectAccessible(admin);
  // The order's details show the claim too, and send the owner here to decide it.
  await claim.getByRole('link', { name: /^#[0-9a-f]{8}$/ }).click();
  const details = admin.getByRole('dialog');
  await expect(details.getByRole('region', { name: 'Freshness claims' })).toContainText('Open: to decide');
  await expectAccessible(admin);
  await details.getByRole('link', { name: 'Decide it on the dashboard' }).click();
  await expect(admin).toHaveURL(/\/admin#claims$/);
  // The button says what approving refunds: the claimed smoked catfish's price.
  const approve = claim.getByRole('button', { name: /^Approve and refund ₦[\d,]+/ });
  const amount = (await approve.textContent())!.match(/₦[\d,]+/)![0];
  await approve.click();
  await expect(admin.getByText('Claim approved', { exact: true })).toBeVisible();
  await expect(waiting).toContainText('None: no buyer has reported a problem that needs a decision.');

  // The buyer sees the outcome, the refund and the history; and was told.
  await page.goto(orderUrl);
  await expect(claims).toContainText(`Approved: ${amount} refunded`);
  const history = page.getByRole('region', { name: 'History' });
  for (const event of ['Freshness claim filed', 'Claim approved', 'Refund requested', 'Refunded'])
    await expect(history).toContainText(event);
  const notifications = page.getByRole('region', { name: 'Notifications', exact: true });
  await expect(notifications).toContainText(
    /delivered successfully\. Enjoy! Something wrong\? Report it before/,
  );
  await expect(notifications).toContainText('was approved: the affected items are being refunded.');
  await expect(notifications).toContainText('has been refunded:');
  // Its one line is refunded: nothing is left to claim.
  await expect(claims.getByRole('button', { name: 'Send claim' })).toHaveCount(0);
  // Partial: the delivery fee stays paid, and the order stays delivered.
  await expect(page.getByText('Delivered').first()).toBeVisible();
  await expectAccessible(page);
  await admin.context().close();
});
