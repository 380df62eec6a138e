import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { adminPage } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { E2E_OUTBOX } from './support/constants';
import { addToCart, completeProfile, payByDemo, signedInShopper } from './support/shopping';

function mailsTo(email: string): { subject: string; text: string }[] {
  if (!existsSync(E2E_OUTBOX)) return [];
  return readdirSync(E2E_OUTBOX)
    .filter((file) => file.endsWith('.json'))
    .map(
      (file) =>
        JSON.parse(readFileSync(path.join(E2E_OUTBOX, file), 'utf8')) as {
          to: string;
          subject: string;
          text: string;
        },
    )
    .filter((mail) => mail.to === email);
}

test('the admin adds a product with a picture → a shopper pays for it → the admin finds the order, marks it shipped → the shopper is told in the account and by e-mail', async ({
  page,
  browser,
}) => {
  test.slow();
  const admin = await adminPage(browser);
  // The admin adds a product with an uploaded picture.
  const run = Date.now().toString(36);
  const productName = `Bonga Fish ${run}`;
  // The buyer's name is this run's own, so a retry finds one order, not the first attempt's too.
  const buyerName = `Obinna Shipped ${run}`;
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click();
  // The sign-in toast fades first: axe would judge it dimmed behind the dialog's backdrop.
  await expect(admin.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await admin.getByRole('link', { name: 'Add Product' }).click();
  const form = admin.getByRole('dialog', { name: 'Add Product' });
  await form.getByLabel('Name').fill(productName);
  await form.getByLabel('Description').fill('Smoked bonga from Bonny, packed this week');
  await form.getByLabel('Price (₦)').fill('6500');
  await form.getByLabel('Weight (kg)').fill('0.5');
  await form.getByLabel('Category').selectOption('smoked');
  await form.getByLabel(/Upload a picture/).setInputFiles({
    name: 'bonga.png',
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 900, height: 600, channels: 3, background: '#b45309' } })
      .png()
      .toBuffer(),
  });
  await expect(form.getByLabel("…or the picture's address")).toHaveValue(/^\/media\/[0-9a-f]{20}-800\.webp$/);
  await expectAccessible(admin);
  await form.getByRole('button', { name: 'Add Product' }).click();
  await expect(admin.getByText('Product added successfully')).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: productName })).toHaveCount(1);
  await expectAccessible(admin);

  // A shopper finds it, orders and pays it.
  const shopper = await signedInShopper(page, buyerName);
  await completeProfile(page);
  await addToCart(page, productName, productName);
  await page.goto('/checkout');
  // The buyer opts in to WhatsApp for this order's news (issue 35).
  await page.getByRole('radio', { name: /^WhatsApp/ }).check();
  await expect(
    page.getByText(/Send my order updates and payment reminders on WhatsApp to 0\d{3} \d{3} \d{4}\./),
  ).toBeVisible();
  await expectAccessible(page);
  await payByDemo(page);

  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(admin.getByText('Paid and waiting to be processed')).toBeVisible();
  await expectAccessible(admin);
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
  await expect(admin.getByRole('heading', { name: 'Orders' })).toBeVisible();
  // Each row's pictures and its "+N" stay within the Items column (the "+N" used to cover the amount).
  const items = admin.locator('tbody tr td:nth-child(3) > div > span');
  await expect(items.filter({ hasText: /\+\d/ }).first()).toBeVisible();
  const spilling = await items.evaluateAll((cells) =>
    cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent),
  );
  expect(spilling).toEqual([]);
  await admin.getByLabel('Search orders').fill(buyerName);
  await admin.getByLabel('Payment').selectOption('paid');
  await admin.getByRole('button', { name: 'Apply' }).click();
  await expect(admin).toHaveURL(new RegExp(`q=Obinna\\+Shipped\\+${run}`));
  const row = admin.getByRole('row').filter({ hasText: buyerName });
  await expect(row).toHaveCount(1);
  await expectAccessible(admin);

  await row.getByRole('link', { name: /View order/ }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText(productName);
  await expect(dialog).toContainText(shopper.email);
  await expect(dialog.getByRole('button', { name: 'Pending' })).toHaveCount(0);
  await expectAccessible(admin);
  await dialog.getByRole('button', { name: 'Shipped' }).click();
  await expect(admin.getByText('Order status updated to shipped')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Shipped' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Delivered' })).toBeEnabled();
  // The order's messages: confirmed when paid, then the status, on WhatsApp (the outbox here).
  const messages = dialog.getByRole('region', { name: 'Messages' });
  await expect(messages.getByRole('listitem')).toHaveCount(2);
  await expect(messages.getByRole('listitem').first()).toContainText('WhatsApp · Order confirmed');
  await expect(messages.getByRole('listitem').nth(1)).toContainText('WhatsApp · Status update');
  await expect(messages.getByRole('listitem').nth(1)).toContainText(
    'Your order has been shipped and is on its way to you!',
  );
  const number = (await dialog.getByRole('heading').first().textContent())!.replace('Order #', '');

  await page.goto('/account?tab=notifications');
  await expect(page.getByText('Your order has been shipped and is on its way to you!')).toBeVisible();
  await expectAccessible(page);
  await expect
    .poll(() =>
      mailsTo(shopper.email).some((m) => m.subject.includes(`#${number}`) && m.text.includes('shipped')),
    )
    .toBe(true);

  // A paid order that is not cancelled stays in the books.
  await dialog.getByRole('button', { name: 'Delete order' }).click();
  const confirm = admin.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this order?');
  await expectAccessible(admin);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByText('Cancel and refund it first if it will not be fulfilled.')).toBeVisible();

  // A partial refund by line, with its reason: the order goes on, and both amounts show.
  await dialog.getByText('Refund this order').click();
  await dialog.getByLabel('Reason').selectOption({ label: 'Spoiled on arrival' });
  await dialog.getByRole('radio', { name: 'Some lines' }).check();
  await dialog.getByLabel(/\(up to 1\)$/).fill('1');
  await expectAccessible(admin);
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(admin.getByText('The payment has been refunded to the customer.')).toBeVisible();
  await expect(dialog).toContainText('Partly refunded ₦');
  await expect(dialog).toContainText(/Spoiled on arrival · 1 × .+ · refunded/);
  await expect(dialog).toContainText('Shipped');
  await page.goto('/account?tab=orders');
  await expect(page.getByRole('listitem').filter({ hasText: `Order #${number}` })).toContainText(
    'Payment: Partly refunded ₦',
  );

  // Perishables get cancelled: a paid order is cancelled by refunding it, after the owner confirms
  // (demo provider: recorded at once, no money moves). The partial refund's toast fades first, so
  // the one awaited below is the cancellation's own.
  await expect(admin.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await dialog.getByRole('button', { name: /^Cancel and refund ₦/ }).click();
  const cancel = admin.getByRole('alertdialog');
  await expect(cancel).toContainText('This order has been paid. Cancelling it refunds ₦');
  await expectAccessible(admin);
  await cancel.getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(admin.getByText('The payment has been refunded to the customer.')).toBeVisible();
  await expect(dialog).toContainText('Cancelled — refunded');
  await expect(dialog).toContainText('Refunded ₦');
  await expect(dialog.getByText('Refund this order')).toHaveCount(0);
  await expect(dialog).toContainText('Order cancelled · refunded');
  // Refunded in full: it cannot be shipped or delivered any more.
  await expect(dialog.getByRole('button', { name: 'Delivered' })).toBeDisabled();
  await page.goto('/account?tab=notifications');
  // Told of each refund: the part, then the rest.
  await expect(page.getByText(`Your order #${number} has been refunded`)).toHaveCount(2);
  // Each notification names its order and opens its page.
  await expect(page.getByRole('link', { name: `Order #${number}` }).first()).toBeVisible();
  await page.goto('/account?tab=orders');
  const card = page.getByRole('listitem').filter({ hasText: `Order #${number}` });
  await expect(card).toContainText('Cancelled — refunded');
  await expect(card).toContainText('Payment: Refunded ₦');
  // The buyer's order page lists both refunds with their reasons.
  await card.getByRole('link', { name: /^View order/ }).click();
  await expect(page.getByText(/Spoiled on arrival · 1 × .+ · refunded/)).toBeVisible();
  await expect(page.getByText(/Order cancelled · refunded/)).toBeVisible();
  // The CSV says the same: refunded in full, cancelled because of it.
  const csv = await (await admin.request.get(`/admin/orders/export?q=${number}`)).text();
  expect(csv).toMatch(/,Refunded,"Cancelled — refunded · Refunded ₦[\d,]+"/);
  await admin.context().close();
});
