import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support/fixtures';

/**
 * Holds back the page's scripts, as a slow phone on a weak network does, until `release` is called:
 * the page is there to read and tap, but not yet live.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('Add to Cart works before the page is live: added once, with its toast, and taken by the cart once', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/products/1', { waitUntil: 'commit' });
  const add = page.getByRole('button', { name: /^Add to Cart: / });
  await expect(add).toBeEnabled();
  // The WhatsApp button keeps out of sight until the page knows what it would cover, so even a tap on
  // the far right of Add to Cart, where it floats, reaches Add to Cart.
  const whatsApp = page.getByRole('link', { name: 'Chat with us on WhatsApp' });
  await expect(whatsApp).toBeHidden();
  const box = (await add.boundingBox())!;
  await page.mouse.click(box.x + box.width - 4, box.y + box.height / 2);
  // None of the page's own code has run, and the shopper already sees the result: the toast, and the
  // button (which adds once) done; the tap is kept in the browser for the cart.
  const early = page.locator('[data-early-toast]');
  await expect(early).toHaveRole('status');
  await expect(early.getByText('Added to cart', { exact: true })).toBeVisible();
  await expect(early.getByText(/^.+ added to your cart$/)).toBeVisible();
  await expect(add).toHaveAttribute('data-early-added', 'once');
  expect(await keptTaps(page)).toBe(1);
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);

  release();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await expect(page.getByRole('button', { name: 'Added to Cart' })).toBeDisabled();
  expect(await keptTaps(page)).toBe(0);
  await expectAccessible(page);
  // Added once, not again by the live button, and the early toast goes as the live ones do.
  await page.waitForTimeout(500);
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await expect(early.getByText('Added to cart', { exact: true })).toBeHidden({ timeout: 5000 });
  // Live, with nothing of the page's controls under it, the WhatsApp button is back.
  await page
    .getByRole('button', { name: 'Added to Cart' })
    .evaluate((button) => button.scrollIntoView({ block: 'center' }));
  await expect(whatsApp).toBeVisible();
});

test('on the product list, every early tap counts (the list adds again)', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/products', { waitUntil: 'commit' });
  const add = page.getByRole('button', { name: /^Add to Cart: / }).first();
  await expect(add).toBeEnabled();
  const name = (await add.getAttribute('aria-label'))!.replace('Add to Cart: ', '');
  await add.click();
  await expect(page.locator('[data-early-toast]')).toHaveText(`${name} added to cart`);
  await add.click();
  expect(await keptTaps(page)).toBe(2);
  release();
  await expect(page.getByTestId('cart-badge')).toHaveText('2');
  // Live now: a tap adds straight away.
  await add.click();
  await expect(page.getByTestId('cart-badge')).toHaveText('3');
});

test('a tap before the page is live is in the cart even if the shopper leaves before it is', async ({
  page,
}) => {
  await holdScripts(page);
  await page.goto('/products', { waitUntil: 'commit' });
  const add = page.getByRole('button', { name: /^Add to Cart: / }).first();
  const name = (await add.getAttribute('aria-label'))!.replace('Add to Cart: ', '');
  await add.click();
  await expect(page.locator('[data-early-toast]')).toHaveText(`${name} added to cart`);
  // The network gives up on this page's scripts; the shopper opens the cart on a better one.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.goto('/cart');
  await expect(page.getByRole('main').getByText(name).first()).toBeVisible();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  expect(await keptTaps(page)).toBe(0);
});

/** How many taps the head script has kept for the cart to take. */
const keptTaps = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('freshcatch-early-adds') ?? '[]') as unknown[]).length,
  );

test("a tap kept in a tab that is not live yet reaches the cart of the shop's live tab", async ({
  page,
  context,
}) => {
  await page.goto('/products');
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);

  const slow = await context.newPage();
  await holdScripts(slow);
  await slow.goto('/products', { waitUntil: 'commit' });
  const add = slow.getByRole('button', { name: /^Add to Cart: / }).first();
  await add.click();
  await expect(slow.locator('[data-early-toast]')).toHaveText(/ added to cart$/);

  // The live tab takes it into the cart at once, and only once.
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  expect(await keptTaps(page)).toBe(0);
  await slow.close();
  await page.reload();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
});
