import { expect, type Page } from '@playwright/test';
import { createVerifiedShopper, logIn } from './accounts';

/** A verified, signed-in shopper (not yet with a complete profile). */
export async function signedInShopper(page: Page, name = 'Test Shopper') {
  const shopper = await createVerifiedShopper(page, name);
  await page.goto('/login');
  await logIn(page, shopper.email);
  await expect(page).toHaveURL(/\/$/);
  return shopper;
}

export async function addToCart(page: Page, search: string, productName: string) {
  await page.goto(`/search?q=${encodeURIComponent(search)}`);
  await page.getByRole('button', { name: `Add to Cart: ${productName}` }).click();
  await expect(page.getByRole('button', { name: 'Added to Cart' }).first()).toBeVisible();
}

/**
 * Chooses `place` in a place picker (core/delivery/places.ts): from the list where it is on it, else
 * "My town is not listed" and the town typed.
 */
export async function choosePlace(page: Page, label: string, place: string) {
  const picker = page.getByLabel(label, { exact: true });
  const listed = await picker.locator('option').allTextContents();
  if (listed.includes(place)) return picker.selectOption({ label: place });
  await picker.selectOption({ label: 'My town is not listed' });
  await page.getByLabel('Your town').fill(place);
}

/** Fills the profile fields checkout needs, from the account's profile tab. */
export async function completeProfile(page: Page, location = 'Port Harcourt') {
  await page.goto('/account?tab=profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Phone number').fill('0803 555 0199');
  await choosePlace(page, 'Location', location);
  await page.getByLabel('Delivery address').fill('7 Ezimgbu Link Road, GRA Phase 4');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Your profile information has been saved.')).toBeVisible();
}

/** From /checkout: Pay, then the demo provider's own Pay; ends on the order's success page. */
export async function payByDemo(page: Page) {
  await page.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(page).toHaveURL(/\/checkout\/demo\//);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Order Successful!' })).toBeVisible();
}

/** The signed-in buyer's newest order, opened from their orders list; returns its id. */
export async function openNewestOrder(page: Page): Promise<string> {
  await page.goto('/account?tab=orders');
  await page
    .getByRole('listitem')
    .filter({ hasText: /Order #[0-9a-f]{8}/ })
    .getByRole('link', { name: /^View order/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/);
  return page.url().split('/').pop()!;
}
