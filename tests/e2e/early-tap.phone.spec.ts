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

test('a tap on Add to Cart before the page is live is kept, and added once it is', async ({ page }) => {
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
  // Noted and shown as waiting; nothing is in the cart yet, since nothing has run.
  await expect(add).toHaveAttribute('data-early-tapped', '');
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);

  release();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await expect(page.getByRole('button', { name: 'Added to Cart' })).toBeDisabled();
  await expect(page.getByText(/added to your cart/)).toBeVisible();
  await expectAccessible(page);
  // Added once, not again by the live button.
  await page.waitForTimeout(500);
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
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
  await add.click();
  await add.click();
  release();
  await expect(page.getByTestId('cart-badge')).toHaveText('2');
  // Live now: a tap adds straight away.
  await add.click();
  await expect(page.getByTestId('cart-badge')).toHaveText('3');
});
