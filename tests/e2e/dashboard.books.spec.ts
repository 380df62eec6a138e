/**
 * The dashboard's figures, checked once every other journey of the suite has run (the "books" project
 * depends on the others: playwright.config.ts), so nothing else moves them while they are read. The
 * suite has by then paid, declined, cancelled (shopper and admin) and refunded (in part and in full)
 * orders; the tests here run one after the other.
 */
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { adminPage } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { addToCart, completeProfile, signedInShopper } from './support/shopping';

test.describe.configure({ mode: 'serial' });

interface Books {
  /** "Pending orders": paid and waiting to be processed. */
  waiting: number;
  /** "Fulfilled orders": delivered. */
  fulfilled: number;
  /** The chart's caption: paid orders of the last 30 days … */
  paidOrders: number;
  /** … and their revenue, paid less refunded, in whole naira as the dashboard prints it. */
  revenueNaira: number;
}

/** "₦185,995" → 185995 */
const naira = (text: string) => Number(text.replace(/[₦,]/g, ''));

async function readDashboard(admin: Page): Promise<Books> {
  await admin.goto('/admin');
  const card = (label: string) =>
    admin
      .locator('li', { has: admin.getByText(label, { exact: true }) })
      .locator('p')
      .nth(1);
  const caption = await admin.locator('figcaption').textContent();
  const figures = /^(₦[\d,]+) from (\d+) paid orders? in the last 30 days$/.exec(caption!.trim());
  expect(figures, `the chart's caption: ${caption}`).not.toBeNull();
  return {
    waiting: Number(await card('Pending orders').textContent()),
    fulfilled: Number(await card('Fulfilled orders').textContent()),
    paidOrders: Number(figures![2]),
    revenueNaira: naira(figures![1]!),
  };
}

/** The same figures, worked out from the orders' own CSV export (every order, all pages). */
async function readExport(admin: Page): Promise<Books> {
  const csv = await (await admin.request.get('/admin/orders/export')).text();
  const rows = parse(csv, { columns: true, bom: true }) as Record<string, string>[];
  const kobo = (figure: string) => Math.round(Number(figure) * 100);
  const monthAgo = Date.now() - 29 * 24 * 3600 * 1000;
  // Every order the suite made was paid within minutes of being placed: placed this month = paid this month.
  const paid = rows.filter(
    (row) =>
      row['Payment'] === 'Paid' && Date.parse(`${row['Date (Lagos)']!.replace(' ', 'T')}+01:00`) > monthAgo,
  );
  return {
    waiting: rows.filter((row) => row['Payment'] === 'Paid' && row['Status'] === 'Pending').length,
    fulfilled: rows.filter((row) => row['Status'] === 'Delivered').length,
    paidOrders: paid.length,
    revenueNaira: Math.round(
      paid.reduce((sum, row) => sum + kobo(row['Total (NGN)']!) - kobo(row['Refunded (NGN)']!), 0) / 100,
    ),
  };
}

test('each change moves the figures by what it is worth: paid +1, declined and cancelled nothing, a partial refund its amount, cancel-and-refund the whole', async ({
  page,
  browser,
}) => {
  test.slow();
  const admin = await adminPage(browser);
  const before = await readDashboard(admin);

  // A shopper has one order declined and cancels another before paying.
  await signedInShopper(page, 'Adaeze Books');
  await completeProfile(page);
  await addToCart(page, 'tilapia', 'Fresh Tilapia');
  await page.goto('/checkout');
  await page.getByRole('button', { name: /^Pay ₦/ }).click();
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(
    page.getByText('Your payment was declined or cancelled, so nothing was charged.'),
  ).toBeVisible();
  await page.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(page).toHaveURL(/\/checkout\/demo\//);
  await page.goto('/account?tab=orders');
  await page.getByRole('link', { name: /^Pay or cancel order/ }).click();
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('Your order has been cancelled.')).toBeVisible();
  expect(await readDashboard(admin), 'declined and cancelled orders count for nothing').toEqual(before);

  // Then pays for two: the tilapia still in the cart, then crayfish (paying empties the cart).
  const paidOrders: { number: string; totalNaira: number }[] = [];
  for (const next of [null, ['crayfish', 'Ground Crayfish'] as const]) {
    if (next) await addToCart(page, ...next);
    await expect(page.getByTestId('cart-badge')).toHaveText('1');
    await page.goto('/checkout');
    await page.getByRole('button', { name: /^Pay ₦/ }).click();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Order Successful!' })).toBeVisible();
    await page.goto('/account?tab=orders');
    const card = page.getByRole('listitem').filter({ hasText: 'Payment: Paid' }).first();
    const heading = (await card.getByText(/^Order #[0-9a-f]{8}$/).textContent())!;
    paidOrders.push({
      number: heading.replace('Order #', ''),
      totalNaira: naira(/Amount: (₦[\d,]+)/.exec((await card.textContent())!)![1]!),
    });
  }
  const [first, second] = paidOrders as [(typeof paidOrders)[0], (typeof paidOrders)[0]];
  expect(first.number).not.toBe(second.number);
  const paid = await readDashboard(admin);
  expect(paid).toEqual({
    ...before,
    waiting: before.waiting + 2,
    paidOrders: before.paidOrders + 2,
    revenueNaira: before.revenueNaira + first.totalNaira + second.totalNaira,
  });
  const latest = admin.getByRole('region', { name: 'Latest paid orders' });
  await expect(latest.getByRole('listitem').nth(0)).toContainText(`#${second.number}`);
  await expect(latest.getByRole('listitem').nth(1)).toContainText(`#${first.number}`);

  // ₦1,000 of the first back for short weight: still waiting for the shop, ₦1,000 less revenue.
  await latest.getByRole('link', { name: `#${first.number}` }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByText('Refund this order').click();
  await dialog.getByLabel('Reason').selectOption({ label: 'Short weight' });
  await dialog.getByRole('radio', { name: 'An amount' }).check();
  await dialog.getByLabel('Amount (₦)').fill('1000');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog).toContainText('Partly refunded ₦1,000');
  const partly = await readDashboard(admin);
  expect(partly).toEqual({ ...paid, revenueNaira: paid.revenueNaira - 1000 });
  await expect(latest.getByRole('listitem').nth(1)).toContainText('Partly refunded ₦1,000');

  // The second cancelled and refunded in full: no longer waiting, and nothing of it is revenue.
  await latest.getByRole('link', { name: `#${second.number}` }).click();
  await dialog.getByRole('button', { name: /^Cancel and refund ₦/ }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(dialog).toContainText('Cancelled — refunded');
  expect(await readDashboard(admin)).toEqual({
    ...partly,
    waiting: partly.waiting - 1,
    revenueNaira: partly.revenueNaira - second.totalNaira,
  });
  await expect(latest.getByRole('listitem').nth(0)).toContainText('Cancelled — refunded');
  await expectAccessible(admin);
  await admin.context().close();
});

test('then the dashboard counts what every order of the suite says: revenue is paid less refunded, and pending counts only paid orders', async ({
  browser,
}) => {
  const admin = await adminPage(browser);
  const rows = parse(await (await admin.request.get('/admin/orders/export')).text(), {
    columns: true,
    bom: true,
  }) as Record<string, string>[];
  // Orders in every state the figures must tell apart (the test before left one of each).
  const states = rows.map((row) => row['State']!);
  expect(states.some((s) => s.startsWith('Cancelled — refunded'))).toBe(true);
  expect(states.some((s) => s.includes('Partly refunded'))).toBe(true);
  expect(states.some((s) => s.startsWith('Cancelled — payment declined'))).toBe(true);
  expect(states.some((s) => s.startsWith('Cancelled — by the customer'))).toBe(true);
  expect(await readDashboard(admin)).toEqual(await readExport(admin));
  await expectAccessible(admin);
  await admin.context().close();
});
