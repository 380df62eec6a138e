import type { Page, Request } from '@playwright/test';
import { HOLD_LIMIT_MS } from '~/lib/held-scripts';
import { expect, expectAccessible, test } from './support/fixtures';

/**
 * A product page whose pictures are held back, as a weak link holds them, until `release` is called,
 * with the page's clock stopped (its timers fire only when the test moves it on); notes when the page's
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
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.goto('/products/1', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return { release, scripts };
}

/** No script asked for, a moment after the page is read. */
async function expectNoScripts(page: Page, scripts: Request[]) {
  await page.waitForTimeout(500);
  expect(scripts.map((request) => request.url())).toEqual([]);
}

/** The product page is live: its Add to Cart is React's, which shows the cart's count. */
async function expectLive(page: Page) {
  await page.clock.resume();
  await page.getByRole('button', { name: /^Add to Cart: / }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await expect(page.getByRole('button', { name: 'Added to Cart' })).toBeDisabled();
}

test('a product page asks for its scripts once its picture is in, and then goes live', async ({ page }) => {
  const { release, scripts } = await slowPictures(page);
  // The buyer reads the page and its price while the picture comes; no script competes with it.
  await expectNoScripts(page, scripts);
  // Meanwhile the picture shows from its copy in the page (decision 054).
  const picture = page.locator('main img').first();
  const copy = () => picture.evaluate((image) => (image as HTMLImageElement).style.backgroundImage);
  expect(await copy()).toMatch(/^url\("data:image\/webp;base64,/);
  release();
  await expect.poll(() => scripts.length).toBeGreaterThan(3);
  await expectLive(page);
  // The picture is in: its copy is gone from behind it.
  await expect.poll(copy).toBe('');
  await expectAccessible(page);
});

test('a picture that never comes keeps the page from going live for a few seconds at most', async ({
  page,
}) => {
  const { scripts } = await slowPictures(page);
  await expectNoScripts(page, scripts);
  await page.clock.runFor(HOLD_LIMIT_MS);
  await expect.poll(() => scripts.length).toBeGreaterThan(3);
  await expectLive(page);
});

test('a tap on a control that needs the live page, or a key, lets the scripts go at once', async ({
  page,
}) => {
  const { scripts } = await slowPictures(page);
  await page.getByRole('tab', { name: /Reviews/ }).click();
  await expect.poll(() => scripts.length).toBeGreaterThan(3);
  await expectLive(page);

  // A second page, its clock stopped again: only the key can let its scripts go.
  await page.clock.pauseAt(Date.now() + 1000);
  const other = await page.context().newPage();
  const more: Request[] = [];
  other.on('request', (request) => /\/assets\/.+\.js$/.test(request.url()) && more.push(request));
  await other.route(/\/images\/.+\.webp$/, () => {});
  await other.goto('/products/1', { waitUntil: 'domcontentloaded' });
  await other.keyboard.press('Tab');
  await expect.poll(() => more.length).toBeGreaterThan(3);
  await other.close();
});

test('a tap on Add to Cart, which works before the page is live, does not let them go', async ({ page }) => {
  const { release, scripts } = await slowPictures(page);
  await page.getByRole('button', { name: /^Add to Cart: / }).click();
  // The head script shows its toast 100 ms after the tap.
  await page.clock.runFor(100);
  await expect(page.locator('[data-early-toast]').getByText('Added to cart', { exact: true })).toBeVisible();
  await expectNoScripts(page, scripts);
  release();
  await page.clock.resume();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
});

test('a list’s cards are as wide as their column (two on a phone) before their pictures come, so nothing moves when they do', async ({
  page,
}) => {
  // The pictures never come (a weak link): the cards must already have their final width.
  await page.route(/\/images\/.+\.webp$/, () => {});
  await page.goto('/products', { waitUntil: 'domcontentloaded' });
  const card = page.getByRole('article').first();
  await expect(card).toBeVisible();
  const widths = await card.evaluate((article) => {
    const list = article.closest('ul')!;
    const gap = parseFloat(getComputedStyle(list).columnGap);
    return {
      card: Math.round(article.getBoundingClientRect().width),
      column: Math.round((list.getBoundingClientRect().width - gap) / 2),
    };
  });
  expect(widths.card).toBe(widths.column);
  // Its picture shows from the copy in the page meanwhile (decision 054).
  expect(
    await card.locator('img').evaluate((image) => (image as HTMLImageElement).style.backgroundImage),
  ).toMatch(/^url\("data:image\/webp;base64,/);
});
