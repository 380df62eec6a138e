import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, visit } from './support/fixtures';

// The carousel moves by itself only for a person who has not asked for less motion.
test.use({ contextOptions: { reducedMotion: 'no-preference' } });

/** Whether the home page's carousel has moved off its first slide `ms` after the page is live. */
async function carouselMovedAfter(page: Page, ms: number): Promise<boolean> {
  await visit(page, '/');
  // Not hovering it: a pointer over the carousel pauses it.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(ms);
  return (await page.getByRole('button', { name: 'Go to slide 1' }).getAttribute('aria-current')) !== 'true';
}

test('without data saver the carousel moves on by itself (spec §9: every 5 s)', async ({ page }) => {
  expect(await carouselMovedAfter(page, 6_000)).toBe(true);
});

test('the data saver switch in the footer: smallest pictures, a still banner, remembered', async ({
  page,
}) => {
  await visit(page, '/products');
  const picture = page.getByRole('main').locator('img[src$=".webp"]').first();
  await expect(picture).toHaveAttribute('srcset', / 800w$/);

  const saver = page.getByRole('contentinfo').getByRole('switch', { name: 'Data saver' });
  await expect(saver).toHaveAttribute('aria-checked', 'false');
  await saver.click();
  await expect(saver).toHaveAttribute('aria-checked', 'true');
  // Redrawn at once: the smallest width alone.
  await expect(picture).toHaveAttribute('src', /-400\.webp$/);
  await expect(picture).not.toHaveAttribute('srcset', /.*/);
  await expectAccessible(page);

  // Remembered: the next page comes from the server drawn for saving, and its banner stays still
  // until the buyer moves it.
  expect(await carouselMovedAfter(page, 6_000)).toBe(false);
  await expect(page.locator('html')).toHaveAttribute('data-saver', '');
  await page.getByRole('button', { name: 'Next slide' }).click();
  await expect(page.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true');

  await page.getByRole('contentinfo').getByRole('switch', { name: 'Data saver' }).click();
  await visit(page, '/products');
  await expect(page.locator('html')).not.toHaveAttribute('data-saver', /.*/);
  await expect(picture).toHaveAttribute('srcset', / 800w$/);
});
