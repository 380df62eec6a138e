import type { Page, Request } from '@playwright/test';
import { HOLD_LIMIT_MS } from '~/lib/held-scripts';
import { expect, expectAccessible, test } from './support/fixtures';

/**
 * Holds the page's pictures back, as a weak link does, until `release` is called; notes when the page's
 * scripts are asked for.
 */
async function slowPictures(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/images\/.+\.webp$/, async (route) => {
    await held;
    await route.continue();
  });
  const scripts: Request[] = [];
  page.on('request', (request) => {
    if (/\/assets\/.+\.js$/.test(request.url())) scripts.push(request);
  });
  return { release, scripts };
}

/** The product page is live: its Add to Cart is React's (a tap on it shows the live toast). */
async function expectLive(page: Page) {
  await page.getByRole('button', { name: /^Add to Cart: / }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await expect(page.getByRole('button', { name: 'Added to Cart' })).toBeDisabled();
}

test('a product page asks for its scripts once its picture is in, and then goes live', async ({ page }) => {
  const { release, scripts } = await slowPictures(page);
  await page.goto('/products/1', { waitUntil: 'domcontentloaded' });
  // The buyer reads the page and its price while the picture comes; no script competes with it.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(HOLD_LIMIT_MS / 2);
  expect(scripts).toHaveLength(0);
  release();
  await expect.poll(() => scripts.length).toBeGreaterThan(3);
  await expectLive(page);
  await expectAccessible(page);
});

test('a picture that never comes keeps the page from going live for a few seconds at most', async ({
  page,
}) => {
  await slowPictures(page);
  await page.goto('/products/1', { waitUntil: 'domcontentloaded' });
  await expectLive(page);
});

test('a tap on a control that needs the live page lets the scripts go at once', async ({ page }) => {
  const { scripts } = await slowPictures(page);
  await page.goto('/products/1', { waitUntil: 'domcontentloaded' });
  expect(scripts).toHaveLength(0);
  const clickedAt = Date.now();
  await page.getByRole('tab', { name: /Reviews/ }).click();
  await expect.poll(() => scripts.length, { intervals: [50] }).toBeGreaterThan(3);
  // Well before the pictures' time limit would have let them go.
  expect(Date.now() - clickedAt).toBeLessThan(HOLD_LIMIT_MS / 2);
  await expectLive(page);
});

test('a tap on Add to Cart, which works before the page is live, does not let them go', async ({ page }) => {
  const { release, scripts } = await slowPictures(page);
  await page.goto('/products/1', { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: /^Add to Cart: / }).click();
  await expect(page.locator('[data-early-toast]').getByText('Added to cart', { exact: true })).toBeVisible();
  expect(scripts).toHaveLength(0);
  release();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
});
