import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test, visit } from './support/fixtures';
import { addToCart, signedInShopper } from './support/shopping';

// Issue 48 item 2, "Places are typed by hand": on a 360 px phone the buyer chooses their town from the
// list the shop delivers to, and at checkout "My town is not listed" says what that means before paying.
const NOT_LISTED_NOTE =
  'Your town is not on our delivery list: delivery costs the default fee for the method you choose, and there are no delivery slots to book.';

/** With SCREENSHOTS_DIR set, a part of the page as a phone shows it, for a person to look at (not a check). */
async function snap(part: Locator, name: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (dir) await part.screenshot({ path: `${dir}/${name}.png` });
}

async function fitsThePhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
}

test('a phone buyer chooses their town from the list; at checkout "My town is not listed" says what it means', async ({
  page,
}) => {
  await signedInShopper(page, 'Amaka Places');
  await page.goto('/account?tab=profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const location = page.getByLabel('Location', { exact: true });
  await expect(location.locator('option')).toContainText([
    'Choose your town',
    'Port Harcourt',
    'Lagos',
    'Abuja',
    'My town is not listed',
  ]);
  // Nothing to type until the town is not on the list.
  await expect(page.getByLabel('Your town')).toHaveCount(0);
  await location.selectOption({ label: 'Lagos' });
  await page.getByLabel('Phone number').fill('0803 555 0177');
  await page.getByLabel('Delivery address').fill('3 Adeola Odeku Street, Victoria Island');
  await fitsThePhone(page);
  await expectAccessible(page);
  await snap(page.locator('form', { has: location }), 'profile-location-picker');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Your profile information has been saved.')).toBeVisible();
  await expect(page.getByText('Profile complete')).toBeVisible();
  await expect(page.locator('dd', { hasText: /^Lagos$/ })).toBeVisible();

  await addToCart(page, 'smoked catfish', 'Smoked Catfish');
  await visit(page, '/checkout');
  const delivery = page.getByLabel('Delivery location', { exact: true });
  await expect(delivery).toHaveValue('Lagos');
  await expect(page.getByText(NOT_LISTED_NOTE)).toHaveCount(0);
  await delivery.selectOption({ label: 'My town is not listed' });
  await expect(page.getByText(NOT_LISTED_NOTE)).toBeVisible();
  const town = page.getByLabel('Your town');
  await town.fill('Eket');
  await page.getByRole('radio', { name: /Express Delivery/ }).check();
  // Off the list: the default Express fee, and no slot to choose.
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary).toContainText('₦4,000');
  await expect(page.getByRole('group', { name: 'Delivery slot' })).toHaveCount(0);
  await expect(page.getByText(NOT_LISTED_NOTE)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay ₦/ })).toBeEnabled();
  await fitsThePhone(page);
  await expectAccessible(page);
  await snap(page.getByRole('region', { name: 'Delivery' }), 'checkout-town-not-listed');

  // A town typed that is on the list after all is chosen from it: its rate and its slots apply.
  await town.fill('  port harcourt ');
  await town.blur();
  await expect(delivery).toHaveValue('Port Harcourt');
  await expect(page.getByText(NOT_LISTED_NOTE)).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Delivery slot' })).toBeVisible();
});
