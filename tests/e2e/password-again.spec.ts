import { FRESH_MINUTES, PASSWORD_AGAIN } from '#core/accounts/fresh-rules';
import { codeNow } from '../support/totp';
import { adminPage } from './support/accounts';
import { E2E_ADMIN } from './support/constants';
import { expect, expectAccessible, test } from './support/fixtures';
import { ageSession } from './support/serve-control';
import { addToCart, completeProfile, openNewestOrder, payByDemo, signedInShopper } from './support/shopping';

// Issue 52 §2, "Done when": a refund asks for the password again when the admin's session is not fresh
// (core/accounts/fresh-rules.ts), in the admin frame's prompt, and then goes through as it was asked —
// its reason, amount and note not typed twice. The server side is tests/integration/password-again.test.ts.
test('a refund in a session signed in more than ten minutes ago asks for the password and the code → a wrong password refunds nothing → the right one makes the refund as it was asked', async ({
  page,
  browser,
}) => {
  test.slow();
  // A shopper pays an order.
  await signedInShopper(page, 'Amaka Again');
  await completeProfile(page);
  await addToCart(page, 'smoked catfish', 'Smoked Catfish');
  await page.goto('/checkout');
  await payByDemo(page);
  const orderId = await openNewestOrder(page);
  const number = orderId.slice(0, 8);
  const payment = async () => {
    await page.goto('/account?tab=orders');
    return page.getByRole('listitem').filter({ hasText: `Order #${number}` });
  };
  await expect(await payment()).toContainText('Payment: Paid');

  // The admin signed in, then did nothing for longer than the session stays fresh.
  const admin = await adminPage(browser);
  await ageSession(admin, FRESH_MINUTES + 1);

  // The refund form, filled once: ₦1,000 back for short weight, with a note.
  await admin.goto(`/admin/orders?order=${orderId}`);
  const dialog = admin.getByRole('dialog', { name: `Order #${number}` });
  await dialog.getByText('Refund this order').click();
  await dialog.getByLabel('Reason').selectOption({ label: 'Short weight' });
  await dialog.getByRole('radio', { name: 'An amount' }).check();
  await dialog.getByLabel('Amount (₦)').fill('1000');
  await dialog.getByLabel('Note (optional)').fill('Two fish short of the kilo');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();

  // Refused: the frame asks for the password and, for an admin with two-factor sign-in, the app's code.
  const prompt = admin.getByRole('dialog', { name: PASSWORD_AGAIN.title });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText(PASSWORD_AGAIN.withCode);
  await expect(prompt.getByLabel('Your password')).toBeVisible();
  await expect(prompt.getByLabel('Code from your authenticator app')).toBeVisible();
  await expectAccessible(admin);
  await admin.screenshot({ path: test.info().outputPath('password-again-prompt.png') });
  // Nothing is refunded meanwhile (the order dialog sits behind the prompt, hidden from its roles).
  const refunds = admin.locator('section[aria-labelledby="order-refund"]');
  await expect(refunds).toContainText('Nothing has been refunded.');

  // A wrong password, even with the right code: refused with its words, and still nothing refunded.
  await prompt.getByLabel('Your password').fill('not-the-password');
  await prompt.getByLabel('Code from your authenticator app').fill(await codeNow());
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(prompt.getByLabel('Your password')).toHaveAccessibleDescription(PASSWORD_AGAIN.wrong);
  await expect(prompt).toContainText(PASSWORD_AGAIN.wrong);
  await expect(prompt).toContainText(PASSWORD_AGAIN.withCode); // why it asks stays
  await expectAccessible(admin);
  await admin.screenshot({ path: test.info().outputPath('password-again-wrong.png') });
  await expect(refunds).toContainText('Nothing has been refunded.');
  await expect(await payment()).toContainText('Payment: Paid');

  // The right password and the app's code now: the refund goes through as it was filled in, once.
  await prompt.getByLabel('Your password').fill(E2E_ADMIN.password);
  await prompt.getByLabel('Code from your authenticator app').fill(await codeNow());
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByText('The payment has been refunded to the customer.')).toBeVisible();
  await expect(prompt).toHaveCount(0);
  await expect(dialog).toContainText('Partly refunded ₦1,000');
  await expect(refunds.getByRole('listitem')).toHaveCount(1);
  await expect(refunds.getByRole('listitem')).toContainText('₦1,000 · Short weight · refunded');
  await expect(refunds.getByRole('listitem')).toContainText('“Two fish short of the kilo”');
  await expect(await payment()).toContainText('Payment: Partly refunded ₦1,000');
  await admin.context().close();
});
