import type { Locator, Page } from '@playwright/test';
import { logIn } from './support/accounts';
import { E2E_BUYER } from './support/constants';
import { addToCart, completeProfile, signedInShopper } from './support/shopping';
import { expect, expectAccessible, test } from './support/fixtures';

// On a 360 × 740 phone nothing floats over the controls a buyer taps.

/** Every point everyPartReaches tries takes the tap. */
const EVERY_PART = [true, true, true, true, true, true, true];

/**
 * Whether a tap on each corner (inset 3 px), the centre and the middle of the left and right sides of
 * `control` lands on it.
 */
async function everyPartReaches(page: Page, control: Locator): Promise<boolean[]> {
  const box = (await control.boundingBox())!;
  const points = [
    [box.x + 3, box.y + 3],
    [box.x + box.width - 3, box.y + 3],
    [box.x + 3, box.y + box.height - 3],
    [box.x + box.width - 3, box.y + box.height - 3],
    [box.x + box.width / 2, box.y + box.height / 2],
    // The middle of each side: a tall card's text runs there, past its corners.
    [box.x + 3, box.y + box.height / 2],
    [box.x + box.width - 3, box.y + box.height / 2],
  ];
  const handle = await control.elementHandle();
  return Promise.all(
    points.map(([x, y]) =>
      page.evaluate(
        ([px, py, el]) => {
          const hit = document.elementFromPoint(px as number, py as number);
          return hit !== null && (el as Element).contains(hit);
        },
        [x, y, handle] as const,
      ),
    ),
  );
}

test('the WhatsApp button never covers Add to Cart or Subscribe; toasts leave the header free', async ({
  page,
}) => {
  await page.goto('/products/1');
  const add = page.getByRole('button', { name: /^Add to Cart: / });
  await expect(add).toBeEnabled();
  await expect.poll(() => everyPartReaches(page, add)).toEqual(EVERY_PART);
  await add.tap();
  const toast = page.locator('[data-sonner-toast]').first();
  await expect(toast).toBeVisible();
  // The header's controls are still reachable while the toast shows.
  // The header's row of links (the header itself grows to make room for the toast: see below).
  const header = (await page.locator('header > div').first().boundingBox())!;
  // Once it has slid in, the toast sits below the header's links.
  await expect
    .poll(async () => (await toast.boundingBox())!.y)
    .toBeGreaterThanOrEqual(header.y + header.height);
  await expect
    .poll(() => everyPartReaches(page, page.getByRole('link', { name: /^Cart/ }).first()))
    .toEqual(EVERY_PART);

  // Subscribe, brought to the bottom edge of the screen where the button sits.
  const subscribe = page.getByRole('button', { name: 'Subscribe' });
  await subscribe.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await expect.poll(() => everyPartReaches(page, subscribe)).toEqual(EVERY_PART);
  // Scrolled away from them, the button is back.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.goto('/products');
  await expect(page.getByRole('link', { name: 'Chat with us on WhatsApp' })).toBeVisible();
});

test('a toast on a phone covers nothing: the page moves down to make room for it', async ({ page }) => {
  await page.goto('/products/1');
  const add = page.getByRole('button', { name: /^Add to Cart: / });
  await expect(add).toBeEnabled();
  // The quantity's + brought up to just under the sticky header, where a toast lands.
  const increase = page.getByRole('button', { name: /^Increase / });
  const row = (await page.locator('header > div').first().boundingBox())!;
  await increase.evaluate(
    (el, top) => window.scrollBy(0, el.getBoundingClientRect().top - top - 4),
    row.height,
  );
  await add.tap();
  const toast = page.locator('[data-sonner-toast]').first();
  await expect(toast).toBeVisible();
  // Once it has slid in and the page has moved, the + is wholly below the toast and takes a tap.
  await expect
    .poll(async () => {
      const [t, control] = [(await toast.boundingBox())!, (await increase.boundingBox())!];
      return t.y >= row.y + row.height && control.y >= t.y + t.height;
    })
    .toBe(true);
  await expect(toast).toBeVisible();
  await expect.poll(() => everyPartReaches(page, increase)).toEqual(EVERY_PART);
  await expect
    .poll(() => everyPartReaches(page, page.getByRole('link', { name: /^Cart/ }).first()))
    .toEqual(EVERY_PART);
  // When it goes, so does its room.
  await toast.getByRole('button', { name: /close/i }).click();
  await expect(toast).toHaveCount(0);
  await expect
    .poll(async () => (await page.locator('header').first().boundingBox())!.height)
    .toBeLessThan(row.height + 2);
});

/** `control` brought to the bottom edge of the screen, where the chat button sits: every part of it takes a tap. */
async function expectClearAtBottom(page: Page, control: Locator) {
  await control.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await expect.poll(() => everyPartReaches(page, control)).toEqual(EVERY_PART);
}

test('the WhatsApp button keeps clear of the cart, checkout and order controls drawn once the page is live', async ({
  page,
}) => {
  test.slow();
  await signedInShopper(page, 'Chioma Scrolls');
  await completeProfile(page);
  await addToCart(page, 'smoked catfish', 'Smoked Catfish');
  // Two lines, so the cart's summary is low enough to scroll under the button.
  await addToCart(page, 'crayfish', 'Ground Crayfish');

  await page.goto('/cart');
  const clearCart = page.getByRole('button', { name: 'Clear Cart' });
  await expectClearAtBottom(page, clearCart);
  await expectClearAtBottom(
    page,
    page.locator('div', { has: page.getByText('Order Total', { exact: true }) }).last(),
  );
  await expectClearAtBottom(page, page.getByRole('link', { name: 'Proceed to Checkout' }));
  await page.screenshot({ path: 'test-results/screenshots/cart-chat-button-360.png' });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'test-results/screenshots/cart-chat-button-top-360.png' });

  await page.goto('/checkout');
  const standard = page
    .locator('div', { has: page.getByRole('radio', { name: /Standard Delivery/ }) })
    .last();
  await expectClearAtBottom(page, standard);
  await expectClearAtBottom(page, page.getByRole('button', { name: 'Apply' }));
  await page.getByRole('radio', { name: /Express Delivery/ }).check();
  // A focused field hides the button anyway (app.css): the buyer has moved on.
  await page.evaluate(() => (document.activeElement as HTMLElement).blur());
  await expectClearAtBottom(
    page,
    page.locator('label', { has: page.getByRole('radio', { name: /^Tomorrow/ }) }).first(),
  );

  // Paid, so its history has times to show.
  await page.getByRole('button', { name: /^Pay ₦/ }).click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).not.toHaveURL(/\/checkout/);
  await page.goto('/account?tab=orders');
  await page
    .getByRole('link', { name: /^Order #/ })
    .first()
    .click();
  const times = page.getByRole('region', { name: 'History' }).locator('time');
  await expect(times.first()).toBeVisible();
  await expectClearAtBottom(page, times.last());
});

test('the account sidebar shows every entry on a 360 px phone', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, E2E_BUYER.email, E2E_BUYER.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/account?tab=profile');
  const nav = page.getByRole('navigation', { name: 'Account' });
  for (const entry of [
    nav.getByRole('link', { name: /Profile/ }),
    nav.getByRole('link', { name: /Orders/ }),
    nav.getByRole('link', { name: /Notifications/ }),
    nav.getByRole('link', { name: /Account Settings/ }),
    nav.getByRole('button', { name: 'Logout' }),
  ]) {
    await expect(entry).toBeInViewport({ ratio: 1 });
  }
  await expectAccessible(page);
});
