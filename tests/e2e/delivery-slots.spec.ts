import type { Page } from '@playwright/test';
import { adminPage } from './support/accounts';
import { expect, expectAccessible, test, visit } from './support/fixtures';
import { addToCart, completeProfile, signedInShopper } from './support/shopping';

// Delivery slots (issue 33, part 3): the owner adds a one-rider slot for a town, a buyer books it at
// checkout, the next buyer sees it full, and the owner prints its dispatch sheet.

/** With SCREENSHOTS_DIR set, the page at 360 and 1280 px wide, for a person to look at (not a check). */
async function snap(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  const size = page.viewportSize();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name }).click();

/** A buyer of Smoked Catfish for `town` at the checkout, Express chosen; the slot group. */
async function expressCheckout(page: Page, name: string, town: string) {
  await signedInShopper(page, name);
  await completeProfile(page, town);
  await addToCart(page, 'smoked catfish', 'Smoked Catfish');
  await visit(page, '/checkout');
  await expect(page.getByLabel('Delivery location')).toHaveValue(town);
  await page.getByRole('radio', { name: /Express Delivery/ }).check();
  const slots = page.getByRole('group', { name: 'Delivery slot' });
  await expect(slots).toBeVisible();
  return slots;
}

test('add a one-place slot → a buyer books it → the next buyer sees it full → the dispatch sheet prints its stop', async ({
  page,
  browser,
}) => {
  test.slow();
  const suffix = Date.now().toString(36).slice(-5).toUpperCase();
  const town = `Bonny ${suffix}`;
  const admin = await adminPage(browser);

  // The owner: the new town's Express rate first (slots are set where the shop has a rate, issue 48).
  await nav(admin, 'Delivery Rates');
  await admin.getByRole('link', { name: 'Add Delivery Rate' }).click();
  const rate = admin.getByRole('dialog', { name: 'Add Delivery Rate' });
  await rate.getByLabel('Location').fill(town);
  await rate.getByLabel('Delivery Method').selectOption('express');
  await rate.getByLabel('Base Rate (₦)').fill('4500');
  await rate.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Delivery rate added successfully')).toBeVisible();

  // Then a 10 am–1 pm round there, booked by 6 pm the day before, one rider's worth.
  await nav(admin, 'Delivery Slots');
  await expect(admin.getByRole('heading', { name: 'Delivery Slots', level: 1 })).toBeVisible();
  // The seeded afternoon round: "same-day delivery for orders before 12pm".
  await expect(
    admin.getByRole('row').filter({ hasText: 'Port Harcourt' }).filter({ hasText: '2–5 pm' }),
  ).toContainText('12 pm the same day');
  await admin.getByRole('link', { name: 'Add Delivery Slot' }).click();
  const form = admin.getByRole('dialog', { name: 'Add Delivery Slot' });
  // For how many days a slot is offered (today and SLOT_DAYS_AHEAD more).
  await expect(form).toContainText('Offered at checkout today and every day for the next 3 days');
  await form.getByLabel('Location').selectOption(town);
  await form.getByLabel('Starts at').fill('10:00');
  await form.getByLabel('Ends at').fill('13:00');
  await form.getByLabel('Orders close at').fill('18:00');
  await form.getByLabel('On', { exact: true }).selectOption('before');
  await form.getByLabel('Capacity (orders per slot)').fill('1');
  await expectAccessible(admin);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Delivery slot added successfully')).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: town });
  await expect(row).toContainText('10 am–1 pm');
  await expect(row).toContainText('6 pm the day before');
  await expect(row).toContainText('Open');

  // The first buyer: the soonest slot is chosen for them; they pay.
  const slots = await expressCheckout(page, 'Ngozi First', town);
  const chosen = slots.getByRole('radio', { checked: true });
  await expect(chosen).toHaveCount(1);
  const chosenLabel = (await slots.locator('label', { has: page.locator('input:checked') }).innerText())
    .split('\n')[0]!
    .trim();
  expect(chosenLabel).toMatch(/^(Tomorrow 10 am–1 pm|\w{3} \d{1,2} \w{3}, 10 am–1 pm)$/);
  await expect(slots).toContainText('1 place left');
  await expectAccessible(page);
  // Keyboard: the group is reached and moved through with the arrow keys.
  await chosen.focus();
  await page.keyboard.press('ArrowDown');
  await expect(slots.getByRole('radio', { checked: true })).not.toHaveAccessibleName(
    new RegExp(`^${chosenLabel}`),
  );
  await page.keyboard.press('ArrowUp');
  await expect(slots.getByRole('radio', { checked: true })).toHaveAccessibleName(
    new RegExp(`^${chosenLabel}`),
  );
  await page.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(page).toHaveURL(/\/checkout\/demo\//);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/order-success\?reference=/);
  await page.getByRole('link', { name: 'View My Orders' }).click();
  await page
    .getByRole('link', { name: /View order|Order #/ })
    .first()
    .click();
  await expect(page.getByText('Delivery slot', { exact: true })).toBeVisible();

  // The next buyer: that slot is full and cannot be chosen; another is chosen for them.
  const context = await browser.newContext();
  const next = await context.newPage();
  const nextSlots = await expressCheckout(next, 'Obi Second', town);
  const full = nextSlots.getByRole('radio', { name: new RegExp(`^${chosenLabel}`) });
  await expect(full).toBeDisabled();
  await expect(
    nextSlots
      .locator('label')
      .filter({ has: next.getByRole('radio', { name: new RegExp(`^${chosenLabel}`) }) }),
  ).toContainText('Full');
  await expect(nextSlots.getByRole('radio', { checked: true })).not.toHaveAccessibleName(
    new RegExp(`^${chosenLabel}`),
  );
  await expectAccessible(next);
  await snap(next, 'checkout-slot-picker');
  await context.close();

  // The owner prints the dispatch sheet of the slot booked.
  await nav(admin, 'Delivery Slots');
  await admin
    .getByRole('row')
    .filter({ hasText: town })
    .getByRole('link', { name: /Dispatch sheet: .* 1 of 1 booked/ })
    .click();
  await expect(admin.getByRole('heading', { name: 'Dispatch sheet', level: 1 })).toBeVisible();
  await expect(admin.getByText(`${town} ·`)).toBeVisible();
  const stops = admin.getByRole('list', { name: 'Stops' });
  await expect(stops.getByRole('listitem')).toHaveCount(1);
  await expect(stops).toContainText('Ngozi First');
  await expect(stops).toContainText('7 Ezimgbu Link Road, GRA Phase 4');
  await expect(stops).toContainText('0803 555 0199');
  await expect(stops).toContainText('Smoked Catfish');
  await expect(admin.getByText('1 stop · 1 item')).toBeVisible();
  await expectAccessible(admin);
  await snap(admin, 'dispatch-sheet');
  await admin.emulateMedia({ media: 'print' });
  await expect(admin.getByRole('navigation', { name: 'Admin' })).toBeHidden();
  await expect(admin.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(stops).toBeVisible();
  await snap(admin, 'dispatch-sheet-print');
  const pdf = await admin.pdf({ format: 'A4' });
  expect(pdf.byteLength).toBeGreaterThan(1000);
});
